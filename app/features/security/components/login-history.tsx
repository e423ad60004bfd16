import type { LoginEventView } from "../../../../platform/contract/security.ts";
import { useDates } from "../../../components/dates.tsx";
import { Badge } from "../../../components/security.tsx";
import { useTranslation } from "../../../components/translation.ts";

/** The latest sign-ins: device, way, address, time, and whether it succeeded. */
export function LoginHistory({ history }: { history: LoginEventView[] }) {
  const { t } = useTranslation("security");
  const dates = useDates();
  return (
    <section className="mx-4 mt-6" aria-labelledby="history-title">
      <h2 id="history-title" className="font-semibold">
        {t("history_title")}
      </h2>
      <ul className="card mt-3 p-0">
        {history.map((e) => (
          <li
            key={e.id}
            className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 last:border-0"
          >
            <div className="min-w-0">
              <p className="font-medium">
                {e.device}{" "}
                <span className="text-xs text-muted">
                  · {t(`method.${e.method.split("+")[0]}`, { defaultValue: e.method })}
                </span>
              </p>
              <p className="text-xs text-muted">
                {e.ip || "—"} · {dates.dateTime(e.created_at)}
              </p>
            </div>
            <Badge tone={e.success ? "good" : "bad"}>{e.success ? t("login_ok") : t("login_failed")}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
