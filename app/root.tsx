import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import type { ApiData } from "../platform/contract/api.ts";
import type { Envelope } from "../platform/contract/envelope.ts";
import { LANGUAGE_INFO, type Lang } from "../platform/contract/languages.ts";
import { apiClient } from "./.server/api.ts";
import { servicesContext } from "./.server/context.ts";
import {
  bodyLimitMiddleware,
  csrfMiddleware,
  guardMiddleware,
  honeypotMiddleware,
} from "./.server/guards.ts";
import { getLocale, i18nextMiddleware, localesVersion } from "./.server/i18n.ts";
import { isLite, readPrefs, timeZoneFor, upDownFor } from "./.server/prefs.ts";
import { getToken, sessionMiddleware, takeToast } from "./.server/session.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { TIME_ZONE_SCRIPT } from "./components/dates.tsx";
import { Header } from "./components/shell/header.tsx";
import { I18nPreloads, I18nScript } from "./components/shell/i18n-script.tsx";
import { INSTALL_CAPTURE_SCRIPT } from "./components/shell/install-capture.ts";
import { InstallBanner } from "./components/shell/install-gate.tsx";
import { useNonce } from "./components/shell/nonce.ts";
import { TabBar } from "./components/shell/tab-bar.tsx";
import { ToastView } from "./components/shell/toast.tsx";
import { useTranslation } from "./components/translation.ts";
import { useShellHandle } from "./hooks.ts";

// Order matters: the language first (every page, error pages included, is rendered in it), then
// refuse oversized and forged posts, then the session (for the guard).
export const middleware: Route.MiddlewareFunction[] = [
  i18nextMiddleware,
  bodyLimitMiddleware,
  csrfMiddleware,
  sessionMiddleware,
  honeypotMiddleware,
  guardMiddleware,
];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installable app (public/): its manifest and the icon iPhones put on the home screen.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const prefs = await readPrefs(request);
  const api = apiClient(request, context);
  // The Mine tab's badges: a signed-in customer's unread messages and support replies, in one
  // call, as every signed-in page asks for them (a stale session just shows none here; the
  // pages that need the account say so themselves).
  const none = { messages: 0, support: 0 };
  const badges = getToken(context)
    ? api
        .raw("/support/badges")
        .then(async (res) => ((await res.json()) as Envelope<ApiData<"GET", "/support/badges">>).data ?? none)
        .catch(() => none)
    : Promise.resolve(null);
  const [site, unread] = await Promise.all([api.data("/about/content"), badges]);
  return data({
    site,
    locale: getLocale(context) as Lang,
    lite: isLite(request, prefs),
    theme: prefs.theme,
    updown: upDownFor(prefs, getLocale(context)),
    timeZone: timeZoneFor(request, prefs),
    chosenZone: prefs.timeZone,
    unread: unread?.messages ?? null,
    supportUnread: unread?.support ?? null,
    toast: takeToast(context) ?? null,
    honeypot: await context.get(servicesContext).honeypot.getInputProps(),
    localesVersion,
  });
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const { t, i18n } = useTranslation();
  const { title } = useShellHandle();
  const lang = (root?.locale ?? i18n.language ?? "en") as Lang;
  const lite = root?.lite ?? false;
  const nonce = useNonce();
  // The page now runs (effects run children first, and this is the outermost component, error
  // pages included): journeys wait for this before relying on what scripts do.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html
      lang={LANGUAGE_INFO[lang]?.tag ?? "en"}
      data-theme={root?.theme ?? "dark"}
      data-updown={root?.updown ?? "green-up"}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={root?.theme === "light" ? "#ffffff" : "#0b0e11"} />
        <title>{title ? `${t(title)} · ${root?.site.sitename ?? ""}` : (root?.site.sitename ?? "")}</title>
        <Links />
        {!lite && root && <I18nPreloads version={root.localesVersion} />}
        {/* The browser's install prompt may come before the app is up: keep it (install-capture.ts). */}
        {!lite && (
          <script
            nonce={nonce}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no user data
            dangerouslySetInnerHTML={{ __html: INSTALL_CAPTURE_SCRIPT }}
          />
        )}
        {!lite && (
          <script
            nonce={nonce}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no user data
            dangerouslySetInnerHTML={{ __html: TIME_ZONE_SCRIPT }}
          />
        )}
      </head>
      <body>
        {children}
        {/* Lite mode: not one byte of script, the whole app works as plain pages and forms. */}
        {!lite && root && <I18nScript version={root.localesVersion} />}
        {!lite && <ScrollRestoration nonce={nonce} />}
        {!lite && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const handle = useShellHandle();
  const root = useRouteLoaderData<RootData>("root");
  // The operator console draws its own desktop layout (app/components/admin/layout.tsx).
  if (handle.bare) return <>{children}</>;
  return (
    <div className="shell">
      {!handle.hideHeader && <Header title={handle.title} back={handle.back} />}
      <main className={handle.hideNav ? "content" : "content content-with-nav"}>{children}</main>
      {!handle.hideNav && <TabBar unread={root?.unread ?? null} support={root?.supportUnread ?? null} />}
    </div>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== loaderData.locale) i18n.changeLanguage(loaderData.locale);
  }, [loaderData.locale, i18n]);
  // The installable app: the service worker and the offline page's language (never in lite mode).
  useEffect(() => {
    if (loaderData.lite) return;
    import("./pwa.client.ts")
      .then((pwa) => {
        pwa.rememberLanguage(loaderData.locale);
        return pwa.registerServiceWorker();
      })
      .catch((error) => console.error("service worker setup failed", error));
  }, [loaderData.lite, loaderData.locale]);
  const { hideNav, bare } = useShellHandle();
  return (
    <HoneypotProvider {...loaderData.honeypot}>
      <Shell>
        <Outlet />
      </Shell>
      {loaderData.toast && (
        // A new toast is a new element: the same one, reused, would keep the last one's faded state.
        <ToastView key={loaderData.toast.id ?? loaderData.toast.message} toast={loaderData.toast} />
      )}
      {!loaderData.lite && !bare && <InstallBanner aboveNav={!hideNav} />}
    </HoneypotProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  let title = t("common:errors.unexpected_title");
  let detail = t("common:errors.unexpected");
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = t("common:errors.not_found_title");
      detail = t("common:errors.not_found");
    } else if (typeof error.data?.messageKey === "string") {
      // Refusals from our own middleware (CSRF, honeypot) carry a key to translate.
      title = t("common:errors.refused_title");
      detail = t(error.data.messageKey);
    } else if (typeof error.data?.message === "string") {
      // The platform's answer, already in the user's language.
      detail = error.data.message;
    }
  }
  return (
    <Shell>
      <section className="card mx-4 mt-6 text-center" role="alert">
        <h1 className="text-lg font-semibold">{title}</h1>
        <p className="mt-2 text-muted">{detail}</p>
        <a className="btn btn-primary mt-4" href="/">
          {t("common:actions.home")}
        </a>
      </section>
    </Shell>
  );
}
