import { Link } from "react-router";
import { useNumbers } from "../numbers.tsx";
import { useTranslation } from "../translation.ts";
import { filled, percent } from "./calc.ts";
import { Row } from "./rows.tsx";
import type { Product } from "./types.ts";
import { Pill, Progress, useLock, useProductName } from "./ui.tsx";

/** A product on the shelf: rate, pool and what is left, limits, lock, early-exit rule; Join. */
export function ProductCard({ product: p }: { product: Product }) {
  const n = useNumbers();
  const { t } = useTranslation("earn");
  const name = useProductName()(p);
  const lock = useLock();
  const open = p.status === "active" && /[1-9]/.test(p.pool_remaining);
  const fill = filled(p.pool_total, p.pool_remaining);
  return (
    <article className="card mt-3" aria-label={name}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="flex min-w-0 items-center gap-2 font-semibold">
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-line text-xs text-accent">
            {p.coin.slice(0, 1)}
          </span>
          <span className="min-w-0">{name}</span>
        </h3>
        <Pill tone={p.lock_days > 0 ? "accent" : "up"}>{lock(p.lock_days)}</Pill>
      </div>
      <div className="mt-3 flex items-end justify-between">
        <div>
          <p className="text-xs text-muted">{t("daily_rate")}</p>
          <p className="text-2xl font-bold up">{percent(p.daily_rate, 1, n.lang)}</p>
        </div>
        <div className="text-right">
          <p className="text-xs text-muted">{t("apr")}</p>
          <p className="font-semibold">{percent(p.daily_rate, 365, n.lang)}</p>
        </div>
      </div>
      <Progress value={fill} label={t("pool_filled")} />
      <p className="mt-1 flex justify-between text-xs text-muted">
        <span>
          {t("remaining")} {n.amount(p.pool_remaining, 0)} {p.coin}
        </span>
        {/* Said in words: a bare "0.00%" beside "Remaining" read as nothing remaining. */}
        <span data-testid="pool-filled">{t("filled_percent", { percent: n.percent(fill) })}</span>
      </p>
      <dl className="mt-2 text-sm">
        <Row label={t("pool_total")}>
          {n.amount(p.pool_total, 0)} {p.coin}
        </Row>
        <Row label={t("limits")}>
          {n.amount(p.min_purchase, 0)} – {n.amount(p.max_purchase, 0)} {p.coin}
        </Row>
        <Row label={t("early_exit")}>
          {/[1-9]/.test(p.early_exit_penalty)
            ? t("early_exit_penalty", { percent: percent(p.early_exit_penalty, 1, n.lang) })
            : t("exit_any_time")}
        </Row>
      </dl>
      {open ? (
        <Link
          to={`/mining?id=${p.id}`}
          className="btn btn-primary btn-block mt-3"
          aria-label={t("join_name", { name })}
        >
          {t("join")}
        </Link>
      ) : (
        <p className="btn btn-secondary btn-block mt-3 cursor-default text-muted" aria-disabled="true">
          {t("closed")}
        </p>
      )}
    </article>
  );
}
