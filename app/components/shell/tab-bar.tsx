import { useEffect, useState } from "react";
import { NavLink } from "react-router";
import { Icon } from "../icon.tsx";
import { useTranslation } from "../translation.ts";

// The spec's five tabs, in its order.
const TABS = [
  { to: "/", key: "home" },
  { to: "/tradeing", key: "trades" },
  { to: "/coinlist", key: "staking" },
  { to: "/asset", key: "assets" },
  { to: "/center", key: "mine" },
] as const;

/**
 * The tab bar. `unread` (a signed-in customer's unread messages, null for a visitor) and
 * `support` (support replies not read yet) show as one badge on Mine: rendered with the page, so
 * it is there without JavaScript, and kept current over the private socket while the page runs.
 */
export function TabBar({ unread, support = null }: { unread: number | null; support?: number | null }) {
  const { t } = useTranslation();
  const [live, setLive] = useState<{ from: number | null; count: number }>();
  const [liveSupport, setLiveSupport] = useState<{ from: number | null; count: number }>();
  useEffect(() => {
    if (unread === null) return;
    // The socket's code comes after the page is up (a screen without live prices does not need
    // it for its first paint); a screen that shows live prices has it already.
    let stop: (() => void) | undefined;
    let mounted = true;
    import("../market/live.ts")
      .then(({ subscribe }) => {
        if (!mounted) return;
        stop = subscribe({ channel: "account", code: "me" }, (event) => {
          const e = event as { type?: string; unread?: number };
          if (e.type === "inbox" && typeof e.unread === "number") setLive({ from: unread, count: e.unread });
          if (e.type === "support" && typeof e.unread === "number")
            setLiveSupport({ from: support, count: e.unread });
        });
      })
      .catch((error) => console.error("live updates unavailable", error));
    return () => {
      mounted = false;
      stop?.();
    };
  }, [unread, support]);
  // A newer page render wins over what the socket said about the one before.
  const inbox = live && live.from === unread ? live.count : unread;
  const replies = liveSupport && liveSupport.from === support ? liveSupport.count : (support ?? 0);
  const count = inbox === null ? null : inbox + replies;
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
          <span className="relative">
            <Icon name={tab.key} />
            {tab.key === "mine" && count ? (
              <span
                className="absolute -top-1.5 left-3 min-w-4 rounded-full bg-down px-1 text-center text-[10px] font-semibold leading-4 text-on-down"
                data-testid="unread-badge"
              >
                {count > 99 ? "99+" : count}
              </span>
            ) : null}
          </span>
          <span>{t(`common:tabs.${tab.key}`)}</span>
          {tab.key === "mine" && count ? (
            <span className="sr-only">{t("common:tabs.unread", { count })}</span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}
