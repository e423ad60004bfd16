import { Form } from "react-router";
import { SITE_FIELD_MAX } from "../../platform/contract/admin-limits.ts";
import { SITE_FIELDS } from "../../platform/contract/content.ts";
import {
  type AdminActionData,
  adminApi,
  adminPost,
  formFields,
  pickFields,
  requireOperator,
} from "../.server/admin.ts";
import { AdminLayout, FormError } from "../components/admin/layout.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-site";

export const handle: RouteHandle = { title: "admin:site.title", bare: true, i18n: ["admin"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const site = await adminApi(request, context).data("/admin/site");
  // The lists the page draws come with its data: the contract module naming them also holds zod
  // schemas, which importing it here would add to the page's script.
  return { me, site, fields: SITE_FIELDS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  const body = pickFields(f, SITE_FIELDS);
  return adminPost(request, context, "/admin/site/update", body, "/admin/site");
}

/** The site's name, contacts and links, shown on every page. */
export default function AdminSite({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { me, site, fields } = loaderData;
  const failed = actionData as AdminActionData;
  const form = (failed?.form ?? {}) as Record<string, string | undefined>;
  const canEdit = me.permissions.includes("products");
  return (
    <AdminLayout me={me} title={t("site.title")}>
      <p className="mt-2 max-w-xl text-muted">{t("site.note")}</p>
      <Form method="post" className="card mt-4 grid max-w-xl gap-2">
        {fields.map((k) => (
          <label key={k} className="text-muted">
            {t(`site.${k}`)}
            <input
              name={k}
              className="input mt-1"
              type={k.endsWith("mail") ? "email" : "text"}
              required={k === "sitename" || k.endsWith("mail")}
              maxLength={SITE_FIELD_MAX[k]}
              defaultValue={form[k] ?? site[k]}
              readOnly={!canEdit}
            />
          </label>
        ))}
        <FormError message={failed?.message} errors={failed?.errors} />
        {canEdit && (
          <button type="submit" className="btn btn-primary">
            {t("common.save")}
          </button>
        )}
      </Form>
    </AdminLayout>
  );
}
