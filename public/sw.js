// The service worker: keeps the app shell (styles, scripts, icons, the offline page) so the app
// starts fast and, without a network, shows a clear offline page instead of the browser's error.
// Pages and /api answers are never stored: they carry a user's data and must be fresh.
// Registered by app/pwa.client.ts when JavaScript runs (never in lite mode). It also shows the
// platform's Web Push notifications (platform/push) and opens their screen on tap.
const VERSION = "1";
const SHELL = `shell-v${VERSION}`;
const ASSETS = `assets-v${VERSION}`;
const OFFLINE = "/offline.html";
const PRECACHE = [
  OFFLINE,
  "/favicon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/manifest.webmanifest",
];
// Fingerprinted builds change their file names: keep the newest of them, not every one ever seen.
const MAX_ASSETS = 120;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k !== SHELL && k !== ASSETS).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

/** Immutable files (/assets/*, versioned /locales): from the cache, else fetched and kept. */
async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    trim(cache).catch(() => {});
  }
  return response;
}

/** Icons, banners and the like: the cached copy at once, refreshed in the background. */
async function staleWhileRevalidate(request) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request);
  const fresh = fetch(request)
    .then((response) => {
      if (response.ok) cache.put(request, response.clone());
      return response;
    })
    .catch(() => hit);
  return hit ?? fresh;
}

/** Pages: always from the network; without one, the offline page. */
async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE);
    return offline ?? new Response("Offline", { status: 503, headers: { "content-type": "text/plain" } });
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname === "/ws") return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (
    url.pathname.startsWith("/assets/") ||
    (url.pathname.startsWith("/locales/") && url.searchParams.has("v"))
  ) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (/^\/(icons|banners)\/|^\/(favicon\.svg|manifest\.webmanifest)$/.test(url.pathname)) {
    event.respondWith(staleWhileRevalidate(request));
  }
  // Everything else (React Router's .data requests included) goes to the network as usual.
});

// The page lists the shell files it already loaded, so the very first visit fills the cache.
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type !== "cache-assets" || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((u) => typeof u === "string" && u.startsWith("/assets/"))
    .slice(0, MAX_ASSETS);
  event.waitUntil(
    caches
      .open(ASSETS)
      .then((cache) =>
        Promise.all(
          urls.map((u) =>
            cache.match(u).then((hit) => hit ?? fetch(u).then((r) => (r.ok ? cache.put(u, r) : undefined))),
          ),
        ).catch((error) => console.error("service worker: caching the shell failed", error)),
      ),
  );
});

// Web Push: the payload (decrypted by the browser) is { title, body, url, kind }. Only our own
// screens are opened: a url that is not a same-site path falls back to the message centre.
function screenOf(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/messages";
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Beacon";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: screenOf(data.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(screenOf(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    }),
  );
});
