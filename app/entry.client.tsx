import i18next, { type BackendModule, type Resource } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { I18N_SCRIPT_ID, type InlineTranslations } from "./components/shell/i18n-script.tsx";

// The page carries the translations it was rendered with; namespaces needed later, after a
// client-side navigation, are fetched once from /locales (cacheable for good: the URL is versioned).
const inline = JSON.parse(document.getElementById(I18N_SCRIPT_ID)?.textContent ?? "{}") as InlineTranslations;

const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, done) {
    fetch(`/locales/${lng}/${ns}?v=${inline.version}`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`locales ${r.status}`))))
      .then((data) => done(null, data))
      .catch((error) => done(error, false));
  },
};

i18next
  .use(initReactI18next)
  .use(lazyLocales)
  .init({
    lng: inline.lng,
    resources: { [inline.lng]: inline.bundles } as Resource,
    partialBundledLanguages: true,
    ns: Object.keys(inline.bundles),
    defaultNS: "common",
    // Every language has every key (a test checks), so there is nothing to fall back to.
    fallbackLng: false,
    interpolation: { escapeValue: false },
  })
  .then(() => {
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
