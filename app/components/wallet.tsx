import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  RECORD_KINDS as RECORD_KIND_NAMES,
  type RecordKind,
  WALLET_KINDS,
  type WalletKind,
} from "../../platform/contract/wallet-kinds.ts";
import { useDates } from "./dates.tsx";
import { useTranslation } from "./translation.ts";

/** Record kinds and wallets as the platform names them (its zod-free list of them). */
export const RECORD_KINDS = RECORD_KIND_NAMES;
export type RecordKindName = RecordKind;
export const WALLETS = WALLET_KINDS;
export type WalletName = WalletKind;
export const isWallet = (value: unknown): value is WalletName => value === "spot" || value === "contract";

/**
 * A choice made with links (coin, network, tab): each option is a plain link that changes the
 * query, so it works without JavaScript and keeps its place in history.
 */
export function Chips({
  label,
  options,
  current,
  href,
}: {
  label: string;
  options: readonly { value: string; label: ReactNode }[];
  current: string;
  href: (value: string) => string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {options.map((o) => {
        const active = o.value === current;
        return (
          <Link
            key={o.value}
            to={href(o.value)}
            replace
            preventScrollReset
            className={
              active
                ? "rounded-lg border border-accent px-3 py-1.5 text-sm font-semibold text-accent"
                : "rounded-lg border border-line px-3 py-1.5 text-sm text-muted"
            }
            aria-current={active ? "true" : undefined}
          >
            {o.label}
          </Link>
        );
      })}
    </nav>
  );
}

export { Tabs } from "./tabs.tsx";

/** A record's state: under review, success, rejected (spec §4). */
export function StatusBadge({ status }: { status: "pending" | "success" | "rejected" }) {
  const { t } = useTranslation("wallet");
  const colour = status === "success" ? "text-up" : status === "rejected" ? "text-down" : "text-accent";
  return <span className={`text-xs font-semibold ${colour}`}>{t(`status_names.${status}`)}</span>;
}

/** A time in the customer's own zone (see dates.tsx). */
export function useTimeText(iso: string): string {
  return useDates().dateTime(iso);
}

export function LocalTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{useTimeText(iso)}</time>;
}

/** A label and its value, one line each in a card (record details, quotes, fees). */
export function InfoRow({
  label,
  children,
  strong,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-1.5">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className={`min-w-0 text-right wrap-anywhere ${strong ? "font-semibold" : ""}`}>{children}</dd>
    </div>
  );
}

/** A warning or a note: the network warning, the memo warning, the withdrawal lock. */
export function Notice({ kind = "warn", children }: { kind?: "warn" | "info"; children: ReactNode }) {
  return (
    <div
      className={`mt-3 rounded-lg border px-3 py-2 text-left text-sm ${kind === "warn" ? "border-accent/60 bg-accent/10" : "border-line"}`}
    >
      {children}
    </div>
  );
}
