import type { Readiness } from "../../../../platform/contract/security.ts";
import { useDates } from "../../../components/dates.tsx";
import { Notice } from "../../../components/security.tsx";
import { useTranslation } from "../../../components/translation.ts";

/** What a withdrawal needs and what is done of it; the lock after a security change first. */
export function WithdrawalReadiness({ withdrawal: w }: { withdrawal: Readiness }) {
  const { t } = useTranslation("security");
  const dates = useDates();
  return (
    <>
      {w.locked_until && <Notice>{t("locked_until", { time: dates.dateTime(w.locked_until) })}</Notice>}
      <section className="mx-4 mt-4" aria-labelledby="readiness-title">
        <h2 id="readiness-title" className="font-semibold">
          {t("readiness_title")}
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {(
            [
              ["phone_bound", w.phone_bound],
              ["primary_verified", w.primary_verified],
              ["fund_password_set", w.fund_password_set],
            ] as const
          ).map(([key, ok]) => (
            <li key={key} className="flex items-center gap-2">
              <span className={ok ? "text-up" : "text-muted"} aria-hidden="true">
                {ok ? "✓" : "○"}
              </span>
              <span>{t(`readiness.${key}`)}</span>
              <span className="sr-only">{ok ? t("done") : t("to_do")}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
