import { Link } from "react-router";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";

export const handle: RouteHandle = { title: "auth:reset_title", hideNav: true, back: false, i18n: ["auth"] };

/** The password was changed: every session ended, so log in again. */
export default function SuccessModified() {
  const { t } = useTranslation("auth");
  return (
    <div className="px-4 pt-10 text-center">
      <div
        className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-card text-3xl text-up"
        aria-hidden="true"
      >
        ✓
      </div>
      <h2 className="mt-4 text-2xl font-bold">{t("modified_heading")}</h2>
      <p className="mt-2 text-muted">{t("modified_body")}</p>
      <Link to="/login" className="btn btn-primary btn-block mt-8">
        {t("login_link")}
      </Link>
    </div>
  );
}
