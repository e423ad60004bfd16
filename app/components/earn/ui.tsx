import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../translation.ts";
import type { LaunchStatus, Participation, ProductKind } from "./types.ts";

// The earn screens' small shared pieces (no money arithmetic here: pages that only show
// figures stay light).

type Named = { name_key: string; coin: string; kind: ProductKind };
type Translator = { t: (key: string) => string; exists: (key: string) => boolean };

/** A product's name: its own when the catalogue has one, else the coin and the kind. */
export function productName({ t, exists }: Translator, p: Named) {
  return exists(`earn:products.${p.name_key}`)
    ? t(`earn:products.${p.name_key}`)
    : `${p.coin} · ${t(`earn:kinds.${p.kind}`)}`;
}

/** productName in a component (a record's product may be gone: then its coin). */
export function useProductName() {
  const { i18n } = useTranslation("earn");
  return (p: Named | null | undefined, coin = "") => (p ? productName(i18n, p) : coin);
}

/** How full a pool or a sale is: a bar with its percentage. */
export function Progress({ value, label }: { value: string; label: string }) {
  return (
    <div className="mt-3">
      <div
        className="h-1.5 overflow-hidden rounded-full bg-line"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(value)}
        aria-valuetext={`${value}%`}
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** Small pill: the lock of a product, a project's status. */
export function Pill({
  children,
  tone = "muted",
}: {
  children: ReactNode;
  tone?: "muted" | "accent" | "up" | "down";
}) {
  const colour = {
    muted: "border-line text-muted",
    accent: "border-accent/60 text-accent",
    up: "border-up/60 text-up",
    down: "border-down/60 text-down",
  }[tone];
  return <span className={`shrink-0 rounded border px-1.5 py-0.5 text-xs ${colour}`}>{children}</span>;
}

/** A figure with its label above it (rates, balances, earnings). */
export function Figure({
  label,
  children,
  className = "",
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <p className="text-xs text-muted">{label}</p>
      <p className="mt-0.5 font-semibold">{children}</p>
    </div>
  );
}

export function StateBadge({ status }: { status: Participation["status"] }) {
  const { t } = useTranslation("earn");
  return <Pill tone={status === "participating" ? "up" : "muted"}>{t(`states.${status}`)}</Pill>;
}

export function LaunchBadge({ status }: { status: LaunchStatus }) {
  const { t } = useTranslation("earn");
  return (
    <Pill tone={status === "live" ? "up" : status === "upcoming" ? "accent" : "muted"}>
      {t(`launch_states.${status}`)}
    </Pill>
  );
}

/** An empty list: what to do next. */
export function Empty({ children, action }: { children: ReactNode; action?: { to: string; label: string } }) {
  return (
    <div className="px-4 py-10 text-center">
      <p className="text-muted">{children}</p>
      {action && (
        <Link to={action.to} className="btn btn-primary mt-4">
          {action.label}
        </Link>
      )}
    </div>
  );
}

export function useLock() {
  const { t } = useTranslation("earn");
  return (days: number) => (days > 0 ? t("lock_days", { count: days }) : t("flexible"));
}
