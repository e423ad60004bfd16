import { post, transfer } from "../../platform/ledger/ledger.ts";
import type { TestPlatform } from "./platform.ts";

let counter = 0;
/** A fresh e-mail address per call, unique across test files running in parallel. */
export function freshEmail(prefix = "user") {
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${++counter}@example.com`;
}

/** The newest code the outbox holds for an address (DEV_OUTBOX is on in tests). */
let mobiles = 0;
/**
 * A Singapore mobile number (8 digits, no dial code), new on each call: drawn from 81000000–88999999
 * and 90000000–98999999, every one valid (800xxxxx and 99xxxxxx are not).
 */
export function freshMobile() {
  const n = (Date.now() + process.pid * 7919 + ++mobiles * 104_729) % 17_000_000;
  return String(n < 8_000_000 ? 81_000_000 + n : 90_000_000 + (n - 8_000_000));
}

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

/** A new customer with these coins credited to one wallet (as an operator's deposit would). */
export async function fundedCustomer(
  t: TestPlatform,
  wallet: "spot" | "contract",
  coins: Record<string, string>,
) {
  const account = await registerByEmail(t);
  const db = t.platform.deps.db;
  for (const [coin, amount] of Object.entries(coins))
    await db.transaction((tx) =>
      post(tx, {
        kind: "deposit",
        postings: transfer({ platform: "deposits" }, { user: account.user.id, wallet }, coin, amount),
      }),
    );
  return account;
}
