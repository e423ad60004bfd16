import { Link } from "react-router";
import { useRootData } from "../../hooks.ts";
import { Icon } from "../icon.tsx";
import { useTranslation } from "../translation.ts";

/** The top bar: back arrow and the screen's title, from the route's handle. */
export function Header({ title, back }: { title?: string; back?: string | false }) {
  const { t } = useTranslation();
  const sitename = useRootData()?.site.sitename ?? "";
  return (
    <header className="topbar">
      {back !== false && title ? (
        <Link to={back ?? "/"} className="topbar-back" aria-label={t("common:actions.back")}>
          <Icon name="back" />
        </Link>
      ) : (
        <span className="topbar-back" />
      )}
      <h1 className="topbar-title">{title ? t(title) : sitename}</h1>
      <span className="topbar-back" />
    </header>
  );
}
