import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope, SECRET_FIELDS } from "../.server/forms.ts";
import { flashToast } from "../.server/session.ts";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { GoogleCodeField, Notice, SelectField } from "../components/security.tsx";
import { useTranslation } from "../components/translation.ts";
import { paymentMethodForm } from "../forms/security.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/payment-method";

// Payment methods for fiat: bank cards and e-wallets (list, add with the fund password, delete).
export const handle: RouteHandle = {
  title: "security:payment_title",
  back: "/security",
  hideNav: true,
  i18n: ["security"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiClient(request, context);
  const [methods, overview] = await Promise.all([
    api.data("/user/payment_methods"),
    api.data("/security/overview"),
  ]);
  return { methods, fundSet: overview.fund_password_set, googleBound: overview.google_bound };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const api = apiClient(request, context);
  if (formData.get("intent") === "delete") {
    const result = await api.post("/user/payment_methods/delete", {
      id: String(formData.get("id") ?? ""),
    });
    flashToast(context, { kind: result.status_code === 200 ? "success" : "error", message: result.message });
    return redirect("/paymentmethod");
  }
  const submission = parseWithZod(formData, { schema: paymentMethodForm });
  if (submission.status !== "success") return submission.reply({ hideFields: SECRET_FIELDS });
  const result = await api.post("/user/payment_methods/add", submission.value);
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  flashToast(context, { kind: "success", message: result.message });
  return redirect("/paymentmethod");
}

type Fields = {
  kind: string;
  holder: string;
  provider: string;
  account: string;
  branch: string;
  payment_password: string;
  google_code: string;
};
const loadValidator = () => import("../forms/security.ts").then((m) => m.validators.paymentMethod);

export default function PaymentMethods({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("security");
  const { methods, fundSet, googleBound } = loaderData;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<Fields>({
    lastResult: actionData,
    defaultValue: { kind: "bank" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <div>
      {methods.length === 0 ? (
        <p className="mx-4 mt-6 text-center text-muted">{t("payment_empty")}</p>
      ) : (
        <ul className="card mx-4 mt-4 p-0">
          {methods.map((m) => (
            <li
              key={m.id}
              className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 last:border-0"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {m.provider}{" "}
                  <span className="text-xs font-normal text-muted">{t(`payment_kind.${m.kind}`)}</span>
                </p>
                <p className="text-sm text-muted">
                  {m.holder} · {m.account}
                  {m.branch && ` · ${m.branch}`}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="id" value={m.id} />
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className="btn btn-secondary min-h-9 px-3 text-sm"
                  aria-label={t("payment_delete_of", { name: `${m.provider} ${m.account}` })}
                >
                  {t("delete")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mx-4 mt-6 font-semibold">{t("payment_add")}</h2>
      {!fundSet && (
        <Notice tone="bad">
          {t("fund_first")}{" "}
          <Link to="/modifyfundingpassword" className="text-accent">
            {t("fund_set_link")}
          </Link>
        </Notice>
      )}
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <SelectField
          field={fields.kind}
          label={t("payment_kind_label")}
          options={(["bank", "ewallet"] as const).map((k) => ({ value: k, label: t(`payment_kind.${k}`) }))}
        />
        <Field field={fields.holder} label={t("payment_holder")} autoComplete="name" />
        <Field
          field={fields.provider}
          label={t("payment_provider")}
          autoComplete="off"
          hint={t("payment_provider_hint")}
        />
        <Field field={fields.account} label={t("payment_account")} autoComplete="off" />
        <Field field={fields.branch} label={t("payment_branch")} autoComplete="off" />
        <Field
          field={fields.payment_password}
          label={t("fund_password")}
          type="password"
          autoComplete="off"
        />
        <GoogleCodeField field={fields.google_code} bound={googleBound} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("payment_add")}</Submit>
      </Form>
    </div>
  );
}
