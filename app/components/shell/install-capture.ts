// What the install-as-app banner (install-banner.tsx) shares with the page before it is loaded:
// the inline script that keeps the browser's prompt and notes the visitor's first touch, and the
// names it uses. No imports: root.tsx puts the script in every page's <head>.

export type InstallPrompt = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};
export type PromptWindow = Window & { __installPrompt?: InstallPrompt | null; __engaged?: boolean };

/** Fired by the inline script when a prompt arrives after the page is up. */
export const INSTALL_READY_EVENT = "beacon:installprompt";
/** Fired by the inline script at the visitor's first tap, key or scroll. */
export const ENGAGED_EVENT = "beacon:engaged";

/**
 * Inline, in <head>, before any module: Chrome may offer the prompt before the app is hydrated,
 * and an event nobody listened to is gone. Kept until the banner takes it. It also notes the
 * visitor's first tap, key or scroll (a page's document lives on across in-app navigation).
 */
export const INSTALL_CAPTURE_SCRIPT = `addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.__installPrompt=e;dispatchEvent(new Event("${INSTALL_READY_EVENT}"))});["pointerdown","keydown","scroll","touchstart"].forEach(function(t){addEventListener(t,function(){if(!window.__engaged){window.__engaged=true;dispatchEvent(new Event("${ENGAGED_EVENT}"))}},{passive:true,capture:true})});`;
