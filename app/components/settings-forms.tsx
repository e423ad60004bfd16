import { Form } from "react-router";
import { TIME_ZONES, zoneLabel } from "./time-zones.ts";
import { useTranslation } from "./translation.ts";

/**
 * Lite mode, theme and up/down colour switches. Plain forms posting to /language, whose action stores the choice;
 * used on /language and in the account settings. `reloadDocument` makes the switch a fresh page,
 * so lite mode takes effect at once (no script is left running).
 */
export function DisplaySettings({
  lite,
  theme,
  updown,
  timeZone,
  chosenZone,
  returnTo,
}: {
  lite: boolean;
  theme: "dark" | "light";
  updown: "green-up" | "red-up";
  /** The zone dates are shown in now, and the customer's own choice (none: automatic). */
  timeZone: string;
  chosenZone?: string;
  returnTo: string;
}) {
  const { t, i18n } = useTranslation();
  const zones: string[] = [...TIME_ZONES];
  if (!zones.includes(timeZone)) zones.push(timeZone);
  return (
    <section className="card mx-4 mt-4" aria-labelledby="display-title">
      <h2 id="display-title" className="font-semibold">
        {t("common:settings.display")}
      </h2>
      <Form
        method="post"
        action="/language"
        reloadDocument
        className="mt-3 flex items-center justify-between gap-3"
      >
        <input type="hidden" name="intent" value="lite" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div>
          <div>{t("common:settings.lite")}</div>
          <p className="text-xs text-muted">{t("common:settings.lite_hint")}</p>
        </div>
        <button
          type="submit"
          name="value"
          value={lite ? "off" : "on"}
          className={lite ? "btn btn-primary" : "btn btn-secondary"}
          aria-label={t("common:settings.lite")}
          aria-pressed={lite}
        >
          {lite ? t("common:settings.on") : t("common:settings.off")}
        </button>
      </Form>
      <Form
        method="post"
        action="/language"
        reloadDocument
        className="mt-3 flex items-center justify-between gap-3"
      >
        <input type="hidden" name="intent" value="theme" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div>{t("common:settings.theme")}</div>
        <div className="flex gap-2">
          {(["dark", "light"] as const).map((value) => (
            <button
              key={value}
              type="submit"
              name="value"
              value={value}
              className={theme === value ? "btn btn-primary" : "btn btn-secondary"}
              aria-pressed={theme === value}
            >
              {t(`common:settings.theme_${value}`)}
            </button>
          ))}
        </div>
      </Form>
      <Form method="post" action="/language" reloadDocument className="mt-3">
        <input type="hidden" name="intent" value="updown" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div>{t("common:settings.updown")}</div>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {(["green-up", "red-up"] as const).map((value) => (
            <button
              key={value}
              type="submit"
              name="value"
              value={value}
              className={`${updown === value ? "btn btn-primary" : "btn btn-secondary"} text-sm`}
              aria-pressed={updown === value}
            >
              {/* Each choice drawn in its own colours, whichever is in force now. */}
              <span style={{ color: value === "green-up" ? "var(--green)" : "var(--red)" }}>▲</span>{" "}
              <span style={{ color: value === "green-up" ? "var(--red)" : "var(--green)" }}>▼</span>{" "}
              {t(`common:settings.updown_${value === "green-up" ? "green" : "red"}`)}
            </button>
          ))}
        </div>
      </Form>
      <Form method="post" action="/language" reloadDocument className="mt-3">
        <input type="hidden" name="intent" value="tz" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <label htmlFor="time-zone">{t("common:settings.timezone")}</label>
        <div className="mt-2 grid gap-2">
          <select
            id="time-zone"
            name="value"
            defaultValue={chosenZone ?? "auto"}
            className="input min-w-0 flex-1"
          >
            {/* A zone's name is the ICU data's of whoever formats it, and the server's and the
                browser's differ (Korean names the US zones two ways): the server's words stay. */}
            <option value="auto" suppressHydrationWarning>
              {t("common:settings.timezone_auto", { zone: zoneLabel(timeZone, i18n.language) })}
            </option>
            {zones.map((zone) => (
              <option key={zone} value={zone} suppressHydrationWarning>
                {zoneLabel(zone, i18n.language)}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-secondary justify-self-end">
            {t("common:settings.apply")}
          </button>
        </div>
      </Form>
    </section>
  );
}
