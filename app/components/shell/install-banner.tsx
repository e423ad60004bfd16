import { useEffect, useState } from "react";
import { useRootData } from "../../hooks.ts";
import { useTranslation } from "../translation.ts";
import {
  ENGAGED_EVENT,
  INSTALL_READY_EVENT,
  type InstallPrompt,
  type PromptWindow,
} from "./install-capture.ts";

/**
 * The install-as-app banner (spec §4): shown when the browser offered an install prompt
 * (`beforeinstallprompt`, caught early by the inline script in root.tsx), the app is not already
 * running standalone, and the banner was never dismissed or last dismissed over 24 hours ago.
 * It appears at the visitor's first tap, key or scroll, not on arrival (see useEngaged).
 * Dismissing it, or declining the browser's prompt, records the time.
 */

export const INSTALL_DISMISSED_KEY = "beacon:install-dismissed-at";
export const INSTALL_REPEAT_MS = 24 * 60 * 60 * 1000;

function dismissedRecently(now: number) {
  try {
    const at = Number(localStorage.getItem(INSTALL_DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && now - at < INSTALL_REPEAT_MS;
  } catch {
    return false;
  }
}

function recordDismissal() {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
  } catch {
    // Storage refused: the banner may come back next time, nothing worse.
  }
}

const standalone = () =>
  window.matchMedia?.("(display-mode: standalone)").matches ||
  (navigator as { standalone?: boolean }).standalone === true;

/** What the banner decided, on <html data-install>: for tests and for looking at a page. */
const mark = (state: string) => {
  document.documentElement.dataset.install = state;
};

/**
 * Whether the visitor has done anything on the page yet (a tap, a key, a scroll). The banner waits
 * for it: offered on arrival it would cover the first view of the screen and, painted late, be
 * what the browser counts as the page's largest paint. Kept per document, so moving to another
 * screen in the app does not ask again.
 */
function useEngaged() {
  const [engaged, setEngaged] = useState(false);
  useEffect(() => {
    // The inline script notes it from the start: a tap before hydration counts too.
    const w = window as PromptWindow;
    if (w.__engaged) return setEngaged(true);
    const engage = () => setEngaged(true);
    window.addEventListener(ENGAGED_EVENT, engage);
    return () => window.removeEventListener(ENGAGED_EVENT, engage);
  }, []);
  return engaged;
}

export function InstallBanner({ aboveNav }: { aboveNav: boolean }) {
  const { t } = useTranslation();
  const site = useRootData()?.site.sitename ?? "";
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  const engaged = useEngaged();

  useEffect(() => {
    const w = window as PromptWindow;
    const take = () => {
      const event = w.__installPrompt;
      if (!event) return;
      if (standalone()) mark("standalone");
      else if (dismissedRecently(Date.now())) mark("snoozed");
      else setPrompt(event);
    };
    const installed = () => {
      w.__installPrompt = null;
      setPrompt(null);
      mark("installed");
    };
    take();
    window.addEventListener(INSTALL_READY_EVENT, take);
    window.addEventListener("appinstalled", installed);
    return () => {
      window.removeEventListener(INSTALL_READY_EVENT, take);
      window.removeEventListener("appinstalled", installed);
    };
  }, []);

  useEffect(() => {
    if (prompt) mark(engaged ? "shown" : "offered");
  }, [prompt, engaged]);

  if (!prompt || !engaged) return null;

  const close = (state: string) => {
    // A prompt can be shown once only.
    (window as PromptWindow).__installPrompt = null;
    setPrompt(null);
    mark(state);
  };
  const dismiss = () => {
    recordDismissal();
    close("dismissed");
  };
  const install = async () => {
    try {
      await prompt.prompt();
      const choice = await prompt.userChoice;
      if (choice.outcome === "dismissed") recordDismissal();
      close(choice.outcome);
    } catch (error) {
      console.error("install prompt failed", error);
      close("failed");
    }
  };

  return (
    <section
      className="install-banner"
      style={aboveNav ? undefined : { bottom: "calc(12px + env(safe-area-inset-bottom))" }}
      aria-label={t("common:install.label")}
    >
      <img src="/icons/icon-192.png" alt="" width={40} height={40} className="shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold leading-tight">{t("common:install.title", { site })}</p>
        <p className="text-xs text-muted">{t("common:install.body")}</p>
      </div>
      <button type="button" className="btn btn-primary min-h-9 shrink-0 px-3 text-sm" onClick={install}>
        {t("common:install.install")}
      </button>
      <button
        type="button"
        className="btn min-h-9 shrink-0 bg-transparent px-2 text-muted"
        onClick={dismiss}
        aria-label={t("common:install.dismiss")}
      >
        ✕
      </button>
    </section>
  );
}
