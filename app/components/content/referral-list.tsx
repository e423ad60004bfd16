import type { Referral } from "../../../platform/contract/referral.ts";
import { useDates } from "../dates.tsx";
import { useTranslation } from "../translation.ts";

/** Invited accounts: masked account, when they joined, registered or verified (agents: UID too). */
export function ReferralList({ items, label }: { items: Referral[]; label: string }) {
  const { t } = useTranslation("referral");
  const dates = useDates();
  if (items.length === 0) return <p className="card mx-4 mt-3 text-center text-muted">{t("none")}</p>;
  return (
    <ul className="card mx-4 mt-3 p-0" aria-label={label}>
      {items.map((r) => (
        <li
          key={`${r.account}-${r.joined_at}`}
          className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 last:border-0"
        >
          <span className="min-w-0">
            <span className="block truncate font-medium">{r.account}</span>
            <span className="block text-xs text-muted">
              {r.uid && `UID ${r.uid} · `}
              {t("joined", { date: dates.date(r.joined_at) })}
            </span>
          </span>
          <span
            className={`shrink-0 rounded px-2 py-0.5 text-xs ${r.status === "verified" ? "bg-line up" : "bg-line text-muted"}`}
          >
            {t(`status_${r.status}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}
