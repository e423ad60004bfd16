// The installable app's client side, loaded after the page is up (never in lite mode, which has
// no script): registers the service worker (public/sw.js) and hands it the shell files this page
// already loaded. Service-worker errors are only logged (spec §8).

/** The app's language, for the offline page the service worker shows (public/offline.html). */
export function rememberLanguage(lang: string) {
  try {
    localStorage.setItem("beacon:lang", lang);
  } catch {
    // Storage refused (private mode): the offline page falls back to the browser's language.
  }
}

export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    const urls = performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/"))
      .map((url) => url.pathname);
    const send = (w: ServiceWorker | null | undefined) => w?.postMessage({ type: "cache-assets", urls });
    if (worker?.state === "activated") send(worker);
    else navigator.serviceWorker.ready.then((r) => send(r.active)).catch((error) => console.error(error));
  } catch (error) {
    console.error("service worker registration failed", error);
  }
}
