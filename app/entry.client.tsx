import i18next, { type BackendModule } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { I18N_SCRIPT_ID, localesHref, type PageTranslations } from "./components/shell/i18n-script.tsx";

// The page names its language and namespaces; the words come from /locales (one cacheable file per
// language and namespace, versioned), which the head's preload links already started fetching.
// Namespaces needed later, after a client-side navigation, are fetched the same way.
const page = JSON.parse(
  document.getElementById(I18N_SCRIPT_ID)?.textContent ?? "{}",
) as Partial<PageTranslations>;
const namespaces = page.namespaces ?? [];

const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, done) {
    fetch(localesHref(lng, ns, page.version ?? ""))
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`locales ${r.status}`))))
      .then((data) => done(null, data))
      // true: i18next tries again (a few times, waiting longer each time) before giving up.
      .catch((error) => done(error, true));
  },
};

i18next
  .use(initReactI18next)
  .use(lazyLocales)
  .init({
    lng: page.lng,
    ns: namespaces,
    defaultNS: "common",
    // Every language has every key (a test checks), so there is nothing to fall back to.
    fallbackLng: false,
    interpolation: { escapeValue: false },
  })
  .then(() => {
    // Hydrating without the words would flash keys and mismatch the server's markup. The page
    // works without its script (every link navigates, every form posts), so it stays as it is.
    const missing = namespaces.filter((ns) => !i18next.hasResourceBundle(page.lng ?? "", ns));
    if (missing.length > 0) {
      console.error(`translations did not load (${missing.join(", ")}): the page stays without script`);
      return;
    }
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </I18nextProvider>,
      );
    });
  });
