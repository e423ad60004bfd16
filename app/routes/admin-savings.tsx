import { Form } from "react-router";
import {
  type AdminActionData,
  adminApi,
  adminPost,
  formFields,
  pickFields,
  requireOperator,
} from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell, FormError } from "../components/admin/layout.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-savings";

export const handle: RouteHandle = { title: "admin:savings.title", bare: true, i18n: ["admin"] };

type Project = {
  id: number;
  token: string;
  name: string;
  status: "upcoming" | "live" | "ended";
  price: string;
  total_supply: string;
  remaining: string;
  min_per_user: string;
  max_per_user: string;
  starts_at: string;
  ends_at: string;
  delivered: boolean;
};
const AMOUNTS = ["price", "total_supply", "min_per_user", "max_per_user"] as const;
const DATES = ["starts_at", "ends_at"] as const;
/** An ISO moment as a datetime-local value, in UTC (the platform reads it back as UTC). */
const local = (iso: string) => iso.slice(0, 16);

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const api = adminApi(request, context);
  const [fortune, projects] = await Promise.all([api.data("/admin/fortune"), api.data("/admin/launchpad")]);
  // The platform answers the console's lists as free rows (adminRows): the page names what it reads.
  return { me, fortune, projects: projects as Project[] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  if (f.intent === "fortune")
    return adminPost(
      request,
      context,
      "/admin/fortune/update",
      { daily_rate: f.daily_rate ?? "", first_reward: f.first_reward ?? "" },
      "/admin/savings",
    );
  const body = pickFields(f, ["id", ...AMOUNTS, ...DATES]);
  return adminPost(request, context, "/admin/launchpad/update", body, "/admin/savings");
}

/** The daily-interest wallet's rate and first-deposit reward, and the launchpad projects' terms. */
export default function AdminSavings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { me, fortune, projects } = loaderData;
  const failed = actionData as AdminActionData;
  const canEdit = me.permissions.includes("products");
  // A refused fortune form shows what was typed; the launchpad rows show the stored values.
  const typed = (failed?.form ?? {}) as Record<string, string | undefined>;
  return (
    <AdminLayout me={me} title={t("savings.title")}>
      <FormError message={failed?.message} errors={failed?.errors} />
      <section className="card mt-4 max-w-xl" aria-labelledby="fortune">
        <h2 id="fortune" className="font-semibold">
          {t("savings.fortune")}
        </h2>
        <p className="mt-1 text-muted">{t("savings.fortune_note")}</p>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="fortune" />
          <label className="text-muted">
            {t("savings.daily_rate")}
            <input
              name="daily_rate"
              className="input mt-1 w-32"
              inputMode="decimal"
              defaultValue={typed.daily_rate ?? fortune.daily_rate}
              readOnly={!canEdit}
            />
          </label>
          <label className="text-muted">
            {t("savings.first_reward")} ({fortune.coin})
            <input
              name="first_reward"
              className="input mt-1 w-32"
              inputMode="decimal"
              defaultValue={typed.first_reward ?? fortune.first_reward}
              readOnly={!canEdit}
            />
          </label>
          {canEdit && (
            <button type="submit" className="btn btn-primary">
              {t("common.save")}
            </button>
          )}
        </Form>
      </section>
      <h2 className="mt-6 font-semibold">{t("savings.launchpad")}</h2>
      <p className="mt-1 text-muted">{t("savings.launchpad_note")}</p>
      <AdminTable
        head={[
          t("savings.project"),
          t("common.status"),
          t("savings.remaining"),
          ...AMOUNTS.map((k) => t(`savings.${k}`)),
          ...DATES.map((k) => t(`savings.${k}`)),
          "",
        ]}
      >
        {projects.map((p) => {
          const form = `launchpad-${p.id}`;
          const editable = canEdit && !p.delivered;
          return (
            <tr key={p.id} data-testid={form}>
              <td className={`${cell} font-semibold`}>
                {p.token}
                <span className="block text-muted">{p.name}</span>
              </td>
              <td className={`${cell} ${p.status === "live" ? "text-up" : "text-muted"}`}>
                {p.delivered ? t("savings.delivered") : t(`savings.statuses.${p.status}`)}
              </td>
              <td className={`${cell} tabular-nums`}>{p.remaining}</td>
              {AMOUNTS.map((k) => (
                <td key={k} className={`${cell} tabular-nums`}>
                  {editable ? (
                    <>
                      {k === "price" && <input type="hidden" name="id" value={p.id} form={form} />}
                      <input
                        name={k}
                        form={form}
                        className="input w-28"
                        inputMode="decimal"
                        defaultValue={p[k]}
                        aria-label={`${p.token} ${t(`savings.${k}`)}`}
                      />
                    </>
                  ) : (
                    p[k]
                  )}
                </td>
              ))}
              {DATES.map((k) => (
                <td key={k} className={`${cell} tabular-nums`}>
                  {editable ? (
                    <input
                      type="datetime-local"
                      name={k}
                      form={form}
                      className="input w-auto"
                      defaultValue={local(p[k])}
                      aria-label={`${p.token} ${t(`savings.${k}`)}`}
                    />
                  ) : (
                    `${local(p[k]).replace("T", " ")} UTC`
                  )}
                </td>
              ))}
              <td className={cell}>
                {editable && (
                  <Form method="post" id={form}>
                    <input type="hidden" name="intent" value="launchpad" />
                    <button type="submit" className="btn btn-primary">
                      {t("common.save")}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          );
        })}
      </AdminTable>
    </AdminLayout>
  );
}
