import { data, Form, redirect } from "react-router";
import { isLang, LANGUAGE_INFO, LANGUAGES } from "../../platform/contract/languages.ts";
import { getI18n, getLocale, langCookie } from "../.server/i18n.ts";
import { isLite, isTimeZone, prefsCookie, readPrefs, timeZoneFor, upDownFor } from "../.server/prefs.ts";
import { safeRedirect } from "../.server/redirects.ts";
import { flashToast } from "../.server/session.ts";
import { Icon } from "../components/icon.tsx";
import { DisplaySettings } from "../components/settings-forms.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/language";

export const handle: RouteHandle = { title: "common:titles.language" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const prefs = await readPrefs(request);
  return {
    current: getLocale(context),
    lite: isLite(request, prefs),
    theme: prefs.theme,
    updown: upDownFor(prefs, getLocale(context)),
    timeZone: timeZoneFor(request, prefs),
    chosenZone: prefs.timeZone,
    returnTo: safeRedirect(new URL(request.url).searchParams.get("returnTo"), "/language"),
  };
}

/**
 * One action for the visitor's display choices: language, lite mode, theme and up/down colours,
 * each a cookie.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const value = String(form.get("value") ?? form.get("lng") ?? "");
  const returnTo = safeRedirect(form.get("returnTo"), "/language");
  const headers = new Headers();
  const i18n = getI18n(context);
  if (intent === "lang" || form.has("lng")) {
    if (!isLang(value)) {
      return data({ error: i18n.t("common:language.unknown") }, { status: 422 });
    }
    headers.append("Set-Cookie", await langCookie.serialize(value));
    // Confirm in the language just chosen.
    flashToast(context, {
      kind: "success",
      message: i18n.getFixedT(value)("common:toasts.language_saved", { name: LANGUAGE_INFO[value].name }),
    });
  } else if (intent === "lite" || intent === "theme" || intent === "updown" || intent === "tz") {
    const prefs = await readPrefs(request);
    if (intent === "lite" && (value === "on" || value === "off")) prefs.lite = value === "on";
    else if (intent === "theme" && (value === "dark" || value === "light")) prefs.theme = value;
    else if (intent === "updown" && (value === "green-up" || value === "red-up")) prefs.updown = value;
    else if (intent === "tz" && value === "auto") delete prefs.timeZone;
    else if (intent === "tz" && isTimeZone(value)) prefs.timeZone = value;
    else return data({ error: i18n.t("common:language.unknown") }, { status: 422 });
    headers.append("Set-Cookie", await prefsCookie.serialize(prefs));
    flashToast(context, { kind: "success", message: i18n.t("common:toasts.settings_saved") });
  } else {
    return data({ error: i18n.t("common:language.unknown") }, { status: 422 });
  }
  return redirect(returnTo, { headers });
}

export default function Language({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { current, lite, theme, updown, timeZone, chosenZone, returnTo } = loaderData;
  return (
    <div>
      <Form method="post" reloadDocument aria-label={t("common:titles.language")}>
        <input type="hidden" name="intent" value="lang" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <ul>
          {LANGUAGES.map((code) => (
            <li key={code}>
              <button
                type="submit"
                name="lng"
                value={code}
                lang={LANGUAGE_INFO[code].tag}
                className="list-row w-full text-left"
                aria-current={code === current ? "true" : undefined}
              >
                <span>{LANGUAGE_INFO[code].name}</span>
                {code === current && (
                  <span className="text-accent">
                    <Icon name="check" />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </Form>
      {actionData?.error && (
        <p className="field-error mx-4" role="alert">
          {actionData.error}
        </p>
      )}
      <DisplaySettings
        lite={lite}
        theme={theme}
        updown={updown}
        timeZone={timeZone}
        chosenZone={chosenZone}
        returnTo="/language"
      />
    </div>
  );
}
