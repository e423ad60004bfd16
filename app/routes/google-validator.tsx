import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Fragment } from "react";
import { Form, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { flashToast } from "../.server/session.ts";
import { AuthHeading } from "../components/auth.tsx";
import { CopyButton } from "../components/copy-button.tsx";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { Badge, Notice } from "../components/security.tsx";
import { useTranslation } from "../components/translation.ts";
import { googleForm } from "../forms/security.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/google-validator";

/** A key in groups of four characters (the last may be shorter), each with where it starts. */
const keyGroups = (key: string) =>
  Array.from({ length: Math.ceil(key.length / 4) }, (_, n) => ({
    at: n * 4,
    text: key.slice(n * 4, n * 4 + 4),
  }));

// Google Authenticator: scan the QR code (drawn on the server, no script needed) or type the key,
// then confirm with a 6-digit code. Once bound, a current code unbinds it.
export const handle: RouteHandle = {
  title: "security:google_title",
  back: "/security",
  hideNav: true,
  i18n: ["security"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return { setup: await apiClient(request, context).data("/security/google") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const api = apiClient(request, context);
  const intent = formData.get("intent");
  if (intent === "renew") {
    await api.post("/security/google/renew");
    return redirect("/googlevalidator");
  }
  const submission = parseWithZod(formData, { schema: googleForm });
  if (submission.status !== "success") return submission.reply({ hideFields: ["google_code"] });
  const path = intent === "unbind" ? "/security/google/unbind" : "/security/google/bind";
  const result = await api.post(path, submission.value);
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  flashToast(context, { kind: "success", message: result.message });
  return redirect("/security");
}

const loadValidator = () => import("../forms/security.ts").then((m) => m.validators.google);

export default function GoogleValidator({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("security");
  const { setup } = loaderData;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<{ google_code: string }>({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const codeField = (
    <Field
      field={fields.google_code}
      label={t("google_code")}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
    />
  );
  if (setup.bound) {
    return (
      <div>
        <AuthHeading title={t("google_heading")} subtitle={<Badge tone="good">{t("bound")}</Badge>} />
        <p className="mt-3 px-4 text-muted">{t("google_bound_intro")}</p>
        <Form method="post" {...getFormProps(form)} className="px-4">
          <HoneypotInputs />
          {codeField}
          <ErrorList id={form.errorId} errors={form.errors} />
          <Submit name="intent" value="unbind">
            {t("google_unbind")}
          </Submit>
        </Form>
        <Notice>{t("google_unbind_lock")}</Notice>
      </div>
    );
  }
  return (
    <div>
      <AuthHeading title={t("google_heading")} subtitle={t("google_intro")} />
      <ol className="mt-4 space-y-4 px-4">
        <li>
          <p className="font-semibold">1. {t("google_step_install")}</p>
        </li>
        <li>
          <p className="font-semibold">2. {t("google_step_scan")}</p>
          <div
            className="mx-auto mt-3 w-48 rounded-lg bg-white p-2"
            role="img"
            aria-label={t("google_qr_label")}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG generated on our server by qrcode
            dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
          />
          <p className="mt-3 text-sm text-muted">{t("google_key_label")}</p>
          <div className="card mt-1 flex items-center gap-2 p-3">
            {/* Groups of four, as authenticators show keys; a line breaks only between groups
                (<wbr>), and what is selected or copied is the key without spaces. */}
            <p className="min-w-0 flex-1 font-mono text-base select-all" data-testid="google-secret">
              {keyGroups(setup.secret).map((group) => (
                <Fragment key={group.at}>
                  {group.at > 0 && <wbr />}
                  <span className={group.at + 4 < setup.secret.length ? "mr-2" : undefined}>
                    {group.text}
                  </span>
                </Fragment>
              ))}
            </p>
            <CopyButton value={setup.secret} label={t("google_key_copy")} />
          </div>
          <p className="mt-1 text-xs text-muted">{t("google_key_backup")}</p>
          <Form method="post" className="mt-2">
            <button type="submit" name="intent" value="renew" className="text-sm text-accent">
              {t("google_renew")}
            </button>
          </Form>
        </li>
        <li>
          <p className="font-semibold">3. {t("google_step_code")}</p>
        </li>
      </ol>
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        {codeField}
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit name="intent" value="bind">
          {t("google_bind")}
        </Submit>
      </Form>
    </div>
  );
}
