import type { TestPlatform } from "./platform.ts";

let counter = 0;
/** A fresh e-mail address per call, unique across test files running in parallel. */
export function freshEmail(prefix = "user") {
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${++counter}@example.com`;
}

/** The newest code the outbox holds for an address (DEV_OUTBOX is on in tests). */
export async function lastCode(t: Pick<TestPlatform, "api">, to: string): Promise<string> {
  const res = await t.api(`/dev/outbox?to=${encodeURIComponent(to)}`);
  const code = res.body.data?.find((m: { code: string | null }) => m.code)?.code;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export const PASSWORD = "Secret123";

/** Registers a new account by e-mail through the API and returns its token and user. */
export async function registerByEmail(
  t: Pick<TestPlatform, "api">,
  email = freshEmail(),
  extra: Record<string, unknown> = {},
) {
  const sent = await t.api("/send_email", { method: "POST", json: { email, type: "register" } });
  if (sent.status !== 200) throw new Error(`send_email: ${JSON.stringify(sent.body)}`);
  const res = await t.api("/register", {
    method: "POST",
    json: {
      type: "email",
      email,
      code: await lastCode(t, email),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree: true,
      ...extra,
    },
  });
  if (res.status !== 200) throw new Error(`register: ${JSON.stringify(res.body)}`);
  return { email, token: res.body.data.token as string, user: res.body.data.user };
}
