import { Link } from "react-router";
import { useTranslation } from "../../../components/translation.ts";
import type { BindActionData, SecurityData } from "../types.ts";
import { AntiPhishingForm, BindEmailForm, BindPhoneForm } from "./bind-forms.tsx";
import { Devices } from "./devices.tsx";
import { LoginHistory } from "./login-history.tsx";
import { WithdrawalReadiness } from "./readiness.tsx";
import { SettingsList } from "./settings.tsx";

/**
 * The security centre: what protects the account and what a withdrawal needs, the ways to change
 * each, the latest sign-ins and the devices signed in. `?bind=email|phone|antiphishing` shows the
 * form to bind or change that instead.
 */
export function SecurityScreen({
  loaderData,
  actionData: data,
}: {
  loaderData: SecurityData;
  actionData: BindActionData | undefined;
}) {
  const { t } = useTranslation("security");
  if (loaderData.view) {
    const { view, overview } = loaderData;
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
  return (
    <div>
      <WithdrawalReadiness withdrawal={overview.withdrawal} />
      <SettingsList overview={overview} kyc={kyc} />
      <LoginHistory history={history} />
      <Devices sessions={sessions} />
    </div>
  );
}
