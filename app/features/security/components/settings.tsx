import type { KycStatus } from "../../../../platform/contract/kyc.ts";
import type { SecurityOverview } from "../../../../platform/contract/security.ts";
import { Badge, SettingRow } from "../../../components/security.tsx";
import { useTranslation } from "../../../components/translation.ts";

/** Each protection and setting, its state, and the screen that changes it. */
export function SettingsList({ overview, kyc }: { overview: SecurityOverview; kyc: KycStatus }) {
  const { t } = useTranslation("security");
  const set = (on: boolean, yes = t("set"), no = t("not_set")) => (
    <Badge tone={on ? "good" : "none"}>{on ? yes : no}</Badge>
  );
  return (
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
  );
}

function kycBadge(state: string, t: (k: string) => string) {
  const tone =
    state === "authenticated" ? "good" : state === "pending" ? "wait" : state === "rejected" ? "bad" : "none";
  return <Badge tone={tone}>{t(`kyc_state.${state}`)}</Badge>;
}

function maskEmail(email: string) {
  const [name = "", domain = ""] = email.split("@");
  return `${name.slice(0, 2)}***@${domain}`;
}
