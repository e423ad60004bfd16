import { Link } from "react-router";
import { safeRedirect } from "remix-utils/safe-redirect";
import { getToken } from "../.server/session.ts";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import { useSite } from "../hooks.ts";
import type { Route } from "./+types/register-success";

export const handle: RouteHandle = {
  title: "auth:register_title",
  hideNav: true,
  back: false,
  i18n: ["auth"],
};

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    signedIn: Boolean(getToken(context)),
    next: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/"),
  };
}

/** Registration done: the account is signed in; go on where the visitor was heading. */
export default function RegisterSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const site = useSite();
  return (
    <div className="px-4 pt-10 text-center">
      <div
        className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-card text-3xl text-up"
        aria-hidden="true"
      >
        ✓
      </div>
      <h2 className="mt-4 text-2xl font-bold">{t("registered_heading")}</h2>
      <p className="mt-2 text-muted">{t("registered_body", { site: site.sitename })}</p>
      <Link to={loaderData.signedIn ? loaderData.next : "/login"} className="btn btn-primary btn-block mt-8">
        {loaderData.signedIn ? t("continue") : t("login_link")}
      </Link>
    </div>
  );
}
