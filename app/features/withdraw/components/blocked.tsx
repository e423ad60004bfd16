import { Link } from "react-router";
import type { Readiness } from "../../../../platform/contract/security.ts";
import { useMessage } from "../../../components/form.tsx";
import { Icon } from "../../../components/icon.tsx";
import { useTranslation } from "../../../components/translation.ts";
import { useTimeText } from "../../../components/wallet.tsx";
import { PRECONDITIONS } from "../preconditions.ts";
import type { WithdrawData } from "../types.ts";

/** What is missing before a first withdrawal, in the spec's order; or the lock after a change. */
export function Blocked({ readiness, fixAt }: { readiness: Readiness; fixAt: WithdrawData["fixAt"] }) {
  const { t } = useTranslation("wallet");
  const message = useMessage();
  const missing = PRECONDITIONS.find((p) => !readiness[p.flag]);
  const lockEnd = useTimeText(readiness.locked_until ?? new Date(0).toISOString());
  return (
    <div className="px-4 pb-6">
      {missing ? (
        <section className="card mt-4" aria-labelledby="blocked-title">
          <h2 id="blocked-title" className="font-semibold">
            {t("blocked_title")}
          </h2>
          <p className="mt-1 text-sm text-muted">{t("blocked_intro")}</p>
          <div role="alert" className="mt-3 rounded-lg border border-down/60 px-3 py-2 font-semibold">
            {message(missing.message)}
          </div>
          <ol className="mt-3">
            {PRECONDITIONS.map((p) => {
              const done = readiness[p.flag];
              return (
                <li
                  key={p.key}
                  className="flex items-center justify-between gap-3 border-b border-line py-3 last:border-0"
                >
                  <span className="flex items-center gap-2">
                    <span className={done ? "text-up" : "text-muted"} aria-hidden="true">
                      {done ? <Icon name="check" size={18} /> : "○"}
                    </span>
                    {t(`preconditions.${p.key}`)}
                    <span className="sr-only">{done ? t("done") : t("to_do")}</span>
                  </span>
                  {!done && p !== missing && (
                    <Link to={fixAt[p.key] ?? "/security"} className="text-sm text-accent">
                      {t(`fix.${p.key}`)}
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
          <Link to={fixAt[missing.key] ?? "/security"} className="btn btn-primary btn-block mt-4">
            {t(`fix.${missing.key}`)}
          </Link>
        </section>
      ) : (
        <section className="card mt-4" aria-labelledby="locked-title">
          <h2 id="locked-title" className="font-semibold">
            {t("locked_title")}
          </h2>
          <p role="alert" className="mt-2">
            {t("messages:wallet.locked_until", { time: lockEnd })}
          </p>
          <p className="mt-2 text-sm text-muted">{t("locked_why")}</p>
        </section>
      )}
    </div>
  );
}
