import type { RouterContextProvider } from "react-router";
import { apiClient } from "../../../.server/api.ts";
import { getLocale } from "../../../.server/i18n.ts";
import { defaultDialCode } from "../../../dial-code.ts";
import type { BindView, SecurityData } from "../types.ts";

type Context = Readonly<RouterContextProvider>;

const VIEWS: readonly BindView[] = ["email", "phone", "antiphishing"];

/**
 * The security centre's data: the overview with the sessions, the latest sign-ins and the
 * verification state; or, for `?bind=email|phone|antiphishing`, what that form needs.
 */
export async function securityLoader(request: Request, context: Context): Promise<SecurityData> {
  const api = apiClient(request, context);
  const url = new URL(request.url);
  const view = VIEWS.find((v) => v === url.searchParams.get("bind"));
  const overview = await api.data("/security/overview");
  if (view) {
    return {
      view,
      overview,
      areaCode:
        url.searchParams.get("area_code")?.replace(/\D/g, "") ||
        overview.area_code ||
        defaultDialCode(getLocale(context)),
    };
  }
  const [sessions, history, kyc] = await Promise.all([
    api.data("/user/sessions"),
    api.data("/user/login_history", { limit: 10 }),
    api.data("/user/kyc"),
  ]);
  return { view: undefined, overview, sessions, history, kyc };
}
