import QRCode from "qrcode";
import { data, Form } from "react-router";
import type { AdminOperator } from "../../platform/contract/admin.ts";
import { ADMIN_ROLES } from "../../platform/contract/admin.ts";
import { adminApi, adminPost, formFields, requireOperator } from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell, FormError } from "../components/admin/layout.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-operators";

export const handle: RouteHandle = { title: "admin:operators.title", bare: true, i18n: ["admin"] };

type Created = { operator: AdminOperator; password: string; secret: string; otpauth_url: string };
/** What the owner sees once: the account, its secrets and the QR code of the otpauth URI (SVG). */
type Shown = Created & { qr_svg: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const list = await adminApi(request, context).data("/admin/operators");
  // The lists the page draws come with its data: the contract module naming them also holds zod
  // schemas, which importing it here would add to the page's script.
  return { me, list, roles: ADMIN_ROLES };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { intent, ...fields } = await formFields(request);
  if (intent === "create") {
    // The one-time password and secret are shown on this answer only, never stored for later.
    const result = await adminApi(request, context).post("/admin/operators/create", {
      email: fields.email ?? "",
      // As chosen: the platform refuses a role it does not have, with its message.
      role: (fields.role ?? "") as never,
    });
    if (result.status_code === 200) {
      // Drawn here, like the customer's authenticator screen: no script needed to show it.
      const qr_svg = await QRCode.toString(result.data.otpauth_url, {
        type: "svg",
        margin: 1,
        errorCorrectionLevel: "M",
      });
      const created: Shown = { ...result.data, qr_svg };
      return { created, message: null, errors: [] as string[] };
    }
    const errors = Object.values(result.errors ?? {}).flat();
    return data(
      { created: null, message: result.message, errors },
      { status: result.status_code === 409 ? 409 : 422 },
    );
  }
  const change: Record<string, string> = { id: fields.id ?? "" };
  if (intent === "role") change.role = fields.role ?? "";
  if (intent === "disable") change.disabled = "true";
  if (intent === "enable") change.disabled = "false";
  return adminPost(request, context, "/admin/operators/update", change, "/admin/operators");
}

/** The console's operators (owner only): create one, change a role, disable or enable. */
export default function AdminOperators({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { me, list, roles } = loaderData;
  const result = actionData as
    | { created?: Shown | null; message?: string | null; errors?: string[] }
    | undefined;
  return (
    <AdminLayout me={me} title={t("operators.title")}>
      <FormError message={result?.message} errors={result?.errors} />
      {result?.created && (
        <section className="card mt-4 max-w-3xl break-all" role="status">
          <p>{t("operators.created", { email: result.created.operator.email })}</p>
          <dl className="mt-2 grid grid-cols-1 gap-1 font-mono text-xs sm:grid-cols-[10rem_minmax(0,1fr)]">
            <dt className="text-muted">{t("operators.password")}</dt>
            <dd>{result.created.password}</dd>
            <dt className="text-muted">{t("operators.secret")}</dt>
            <dd>{result.created.secret}</dd>
            <dt className="text-muted">{t("operators.uri")}</dt>
            <dd>{result.created.otpauth_url}</dd>
            <dt className="text-muted">{t("operators.qr")}</dt>
            <dd>
              <div
                className="w-48 max-w-full rounded-lg bg-white p-2"
                role="img"
                aria-label={t("operators.qr_label")}
                data-testid="operator-qr"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG generated on our server by qrcode
                dangerouslySetInnerHTML={{ __html: result.created.qr_svg }}
              />
            </dd>
          </dl>
        </section>
      )}
      <AdminTable
        head={[
          t("common.id"),
          t("operators.email"),
          t("operators.role"),
          t("common.status"),
          t("common.actions"),
        ]}
      >
        {list.map((o) => (
          <tr key={o.id}>
            <td className={cell}>{o.id}</td>
            <td className={cell}>{o.email}</td>
            <td className={cell}>
              <Form method="post" className="flex gap-1">
                <input type="hidden" name="id" value={o.id} />
                <select
                  name="role"
                  defaultValue={o.role}
                  className="input w-auto"
                  aria-label={t("operators.role")}
                >
                  {roles.map((r) => (
                    <option key={r} value={r}>
                      {t(`roles.${r}`)}
                    </option>
                  ))}
                </select>
                <button type="submit" name="intent" value="role" className="btn btn-secondary">
                  {t("common.save")}
                </button>
              </Form>
            </td>
            <td className={cell}>{o.disabled ? t("operators.disabled") : t("operators.active")}</td>
            <td className={cell}>
              <Form method="post">
                <input type="hidden" name="id" value={o.id} />
                <button
                  type="submit"
                  name="intent"
                  value={o.disabled ? "enable" : "disable"}
                  className="btn btn-secondary"
                >
                  {o.disabled ? t("operators.enable") : t("operators.disable")}
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Form method="post" className="card mt-8 grid max-w-xl gap-2">
        <h2 className="font-semibold">{t("operators.create")}</h2>
        <input type="hidden" name="intent" value="create" />
        <label className="text-muted">
          {t("operators.email")}
          <input name="email" type="email" className="input mt-1" required />
        </label>
        <label className="text-muted">
          {t("operators.role")}
          <select name="role" defaultValue="support" className="input mt-1">
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary mt-2">
          {t("operators.create")}
        </button>
      </Form>
    </AdminLayout>
  );
}
