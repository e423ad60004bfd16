import { redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { getI18n } from "../.server/i18n.ts";
import { clearSession, flashToast } from "../.server/session.ts";
import type { Route } from "./+types/logout";

// Logging out is a POST (a link must not be able to sign someone out); a GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await apiClient(request, context).post("/user/logout");
  clearSession(context);
  flashToast(context, {
    kind: "success",
    message: result.status_code === 200 ? result.message : getI18n(context).t("auth:logged_out"),
  });
  return redirect("/");
}
