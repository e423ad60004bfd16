import { Link } from "react-router";
import { Sheet } from "./sheet.tsx";
import { useTranslation } from "./translation.ts";

/** Where "Log in" goes: the login screen, then back to `redirectTo`. */
export const loginHref = (redirectTo: string) => `/login?redirectTo=${encodeURIComponent(redirectTo)}`;

/**
 * "Continue to log in?" (spec §2): what a visitor without an account sees on any action that
 * needs one (buy, sell, close…). Cancel stays on the screen; Log in goes to the login screen and
 * comes back to `redirectTo`. Without JavaScript a screen renders it from its URL (e.g.
 * `?prompt=login`), and Cancel is a link to `cancelTo`; with JavaScript `onCancel` closes it in
 * place.
 */
export function LoginPrompt({
  redirectTo,
  cancelTo,
  onCancel,
}: {
  redirectTo: string;
  cancelTo: string;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet title={t("common:login_prompt.title")} onClose={onCancel} role="alertdialog">
      <p className="mt-2 text-muted">{t("common:login_prompt.body")}</p>
      <div className="mt-5 grid grid-cols-2 gap-3">
        <Link
          to={cancelTo}
          replace
          preventScrollReset
          className="btn btn-secondary"
          onClick={(event) => {
            if (!onCancel) return;
            event.preventDefault();
            onCancel();
          }}
        >
          {t("common:login_prompt.cancel")}
        </Link>
        <Link to={loginHref(redirectTo)} className="btn btn-primary">
          {t("common:login_prompt.login")}
        </Link>
      </div>
    </Sheet>
  );
}
