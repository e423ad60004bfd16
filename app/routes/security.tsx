import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { useDates } from "../components/dates.tsx";
import { Badge, Notice, SettingRow } from "../components/security.tsx";
import { securityAction } from "../features/security/.server/action.ts";
import { securityLoader } from "../features/security/.server/loader.ts";
import {
  AntiPhishingForm,
  BindEmailForm,
  BindPhoneForm,
} from "../features/security/components/bind-forms.tsx";
import type { BindView } from "../features/security/types.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/security";

export const handle: RouteHandle = {
  title: "account:security_title",
  back: "/center",
  i18n: ["account", "security", "auth"],
};

export const loader = ({ request, context }: Route.LoaderArgs) => securityLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => securityAction(request, context);

function kycBadge(state: string, t: (k: string) => string) {
  const tone =
    state === "authenticated" ? "good" : state === "pending" ? "wait" : state === "rejected" ? "bad" : "none";
  return <Badge tone={tone}>{t(`kyc_state.${state}`)}</Badge>;
}

/**
 * The security centre: what protects the account and what a withdrawal needs, the ways to change
 * each, the latest sign-ins and the devices signed in. `?bind=email|phone|antiphishing` shows the
 * form to bind or change that instead.
 */
export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("security");
  const dates = useDates();
  const { t: ta } = useTranslation("account");
  const data = actionData;
  if (loaderData.view) {
    const view: BindView = loaderData.view;
    const { overview } = loaderData;
    return (
      <div>
        {view === "email" && <BindEmailForm overview={overview} data={data} />}
        {view === "phone" && <BindPhoneForm overview={overview} data={data} areaCode={loaderData.areaCode} />}
        {view === "antiphishing" && <AntiPhishingForm overview={overview} data={data} />}
        <p className="mt-6 px-4 text-center">
          <Link to="/security" className="text-accent">
            {t("back_to_security")}
          </Link>
        </p>
      </div>
    );
  }
  const { overview, sessions, history, kyc } = loaderData;
  const w = overview.withdrawal;
  const others = sessions.filter((s) => !s.current).length;
  const set = (on: boolean, yes = t("set"), no = t("not_set")) => (
    <Badge tone={on ? "good" : "none"}>{on ? yes : no}</Badge>
  );
  return (
    <div>
      {w.locked_until && <Notice>{t("locked_until", { time: dates.dateTime(w.locked_until) })}</Notice>}
      <section className="mx-4 mt-4" aria-labelledby="readiness-title">
        <h2 id="readiness-title" className="font-semibold">
          {t("readiness_title")}
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {(
            [
              ["phone_bound", w.phone_bound],
              ["primary_verified", w.primary_verified],
              ["fund_password_set", w.fund_password_set],
            ] as const
          ).map(([key, ok]) => (
            <li key={key} className="flex items-center gap-2">
              <span className={ok ? "text-up" : "text-muted"} aria-hidden="true">
                {ok ? "✓" : "○"}
              </span>
              <span>{t(`readiness.${key}`)}</span>
              <span className="sr-only">{ok ? t("done") : t("to_do")}</span>
            </li>
          ))}
        </ul>
      </section>

      <ul className="card mx-4 mt-4 p-0" aria-label={t("settings_label")}>
        <SettingRow to="/verify" label={t("row_verify")} state={kycBadge(kyc.primary.status, t)} />
        <SettingRow
          to="/resetpassword3"
          label={t("row_login_password")}
          state={set(overview.login_password_set, t("change"), t("set_up"))}
        />
        <SettingRow
          to="/modifyfundingpassword"
          label={t("row_fund_password")}
          state={set(overview.fund_password_set)}
        />
        <SettingRow
          to="/googlevalidator"
          label={t("row_google")}
          state={set(overview.google_bound, t("bound"), t("not_bound"))}
        />
        <SettingRow
          to="/security?bind=phone"
          label={t("row_phone")}
          state={
            overview.phone
              ? `+${overview.area_code} ****${overview.phone.slice(-4)}`
              : set(false, "", t("not_bound"))
          }
        />
        <SettingRow
          to="/security?bind=email"
          label={t("row_email")}
          state={overview.email ? maskEmail(overview.email) : set(false, "", t("not_bound"))}
        />
        <SettingRow
          to="/security?bind=antiphishing"
          label={t("row_antiphishing")}
          state={set(Boolean(overview.anti_phishing_code))}
        />
        <SettingRow to="/withdrawaladdress" label={t("row_addresses")} />
        <SettingRow to="/paymentmethod" label={t("row_payment")} />
      </ul>

      <section className="mx-4 mt-6" aria-labelledby="history-title">
        <h2 id="history-title" className="font-semibold">
          {t("history_title")}
        </h2>
        <ul className="card mt-3 p-0">
          {history.map((e) => (
            <li
              key={e.id}
              className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 last:border-0"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {e.device}{" "}
                  <span className="text-xs text-muted">
                    · {t(`method.${e.method.split("+")[0]}`, { defaultValue: e.method })}
                  </span>
                </p>
                <p className="text-xs text-muted">
                  {e.ip || "—"} · {dates.dateTime(e.created_at)}
                </p>
              </div>
              <Badge tone={e.success ? "good" : "bad"}>{e.success ? t("login_ok") : t("login_failed")}</Badge>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-4 mt-6" aria-labelledby="devices-title">
        <h2 id="devices-title" className="font-semibold">
          {ta("devices_title")}
        </h2>
        <p className="text-xs text-muted">{ta("devices_intro")}</p>
        <ul className="card mt-3 p-0">
          {sessions.map((s) => (
            <li
              key={s.id}
              className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 last:border-0"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {s.device}
                  {s.current && (
                    <span className="ml-2 rounded bg-line px-1.5 py-0.5 text-xs text-up">
                      {ta("this_device")}
                    </span>
                  )}
                </p>
                <p className="text-xs text-muted">
                  {s.ip || "—"} · {ta("last_seen", { when: dates.dateTime(s.last_seen_at) })}
                </p>
              </div>
              {!s.current && (
                <Form method="post">
                  <input type="hidden" name="session" value={s.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="session"
                    className="btn btn-secondary min-h-9 px-3 text-sm"
                    aria-label={ta("end_session_of", { device: s.device })}
                  >
                    {ta("end_session")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others > 0 && (
          <Form method="post" className="mt-3">
            <button type="submit" name="intent" value="others" className="btn btn-secondary btn-block">
              {ta("end_others", { count: others })}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}

function maskEmail(email: string) {
  const [name = "", domain = ""] = email.split("@");
  return `${name.slice(0, 2)}***@${domain}`;
}
