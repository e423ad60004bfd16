import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { Icon } from "../icon.tsx";

// The spec's five tabs, in its order.
const TABS = [
  { to: "/", key: "home" },
  { to: "/tradeing", key: "trades" },
  { to: "/coinlist", key: "staking" },
  { to: "/asset", key: "assets" },
  { to: "/center", key: "mine" },
] as const;

export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" aria-label={t("common:tabs.label")}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.to}
          end={tab.to === "/"}
          className={({ isActive }) => (isActive ? "tab tab-active" : "tab")}
          prefetch="intent"
        >
          <Icon name={tab.key} />
          <span>{t(`common:tabs.${tab.key}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
