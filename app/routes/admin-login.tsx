import { data, Form, redirect, useNavigation } from "react-router";
import { adminApi, formFields, setAdminCookie } from "../.server/admin.ts";
import { FormError } from "../components/admin/layout.tsx";
import { HoneypotInputs } from "../components/form.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-login";

export const handle: RouteHandle = { title: "admin:login.title", bare: true, i18n: ["admin"] };

export async function action({ request, context }: Route.ActionArgs) {
  const { email = "", password = "", code = "" } = await formFields(request);
  const result = await adminApi(request, context).post("/admin/login", {
    email,
    password,
    code,
  });
  if (result.status_code !== 200) {
    const errors = result.errors ?? {};
    return data(
      { message: result.message, errors, email },
      { status: result.status_code >= 400 && result.status_code < 600 ? result.status_code : 422 },
    );
  }
  return redirect("/admin", { headers: { "Set-Cookie": await setAdminCookie(context, result.data.token) } });
}

/** The console's sign-in: e-mail, password and the authenticator's code, never a customer login. */
export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const fieldError = (name: string) => errors[name]?.[0];
  return (
    <main className="mx-auto mt-16 max-w-sm px-4">
      <h1 className="text-xl font-semibold">{t("login.title")}</h1>
      <p className="mt-2 text-sm text-muted">{t("login.hint")}</p>
      <Form method="post" className="mt-4">
        <HoneypotInputs />
        <label className="mt-4 block text-sm text-muted" htmlFor="email">
          {t("login.email")}
        </label>
        <input
          id="email"
          name="email"
          type="email"
          className="input"
          autoComplete="username"
          required
          defaultValue={actionData?.email}
        />
        <label className="mt-4 block text-sm text-muted" htmlFor="password">
          {t("login.password")}
        </label>
        <input
          id="password"
          name="password"
          type="password"
          className="input"
          autoComplete="current-password"
          required
        />
        <label className="mt-4 block text-sm text-muted" htmlFor="code">
          {t("login.code")}
        </label>
        <input
          id="code"
          name="code"
          className="input"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          aria-invalid={fieldError("code") ? true : undefined}
        />
        <FormError message={actionData?.message} errors={Object.values(errors).flat()} />
        <button type="submit" className="btn btn-primary btn-block mt-6" disabled={busy} aria-busy={busy}>
          {t("login.submit")}
        </button>
      </Form>
    </main>
  );
}
