import { Link } from "react-router";
import { decimalInput } from "../forms/decimal-input.ts";
import { fundsFor } from "../money.ts";
import type { ScreenPath } from "../route-table.ts";
import { useNumbers } from "./numbers.tsx";
import { useTranslation } from "./translation.ts";

type Wallet = "spot" | "contract";

/**
 * What a screen that spends says before the customer commits, when the wallet it spends from has
 * nothing (or less than what was typed): the balance, and where to get more — a deposit, or a
 * transfer from another wallet. Nothing when there is enough. One rule (`fundsFor`) decides,
 * here and in the screens' review steps.
 */
export function FundsNotice({
  coin,
  available,
  needed,
  transferTo,
  className = "",
}: {
  coin: string;
  available: string;
  /** What the screen would spend now (the typed amount, an order's cost); anything else is ignored. */
  needed?: unknown;
  /** The wallet a transfer should fill (the one this screen spends from), when one can. */
  transferTo?: Wallet;
  className?: string;
}) {
  const n = useNumbers();
  const { t } = useTranslation("common");
  // A typed amount is read as the page's language writes numbers, as the form's action reads it.
  const state = fundsFor(available, typeof needed === "string" ? decimalInput(needed, n.lang) : needed);
  if (state === "enough") return null;
  const from: Wallet = transferTo === "spot" ? "contract" : "spot";
  const transfer = transferTo
    ? `${"/transfer" satisfies ScreenPath}?${new URLSearchParams({ coin, from }).toString()}`
    : undefined;
  return (
    <div
      role="note"
      className={`rounded-lg border border-accent px-3 py-2 text-xs ${className}`}
      data-testid="funds-notice"
    >
      <p>
        {state === "empty"
          ? t("funds.empty", { coin })
          : t("funds.short", { coin, amount: n.amount(available) })}
      </p>
      <p className="flex flex-wrap gap-x-4">
        <Link
          to={`${"/recharge" satisfies ScreenPath}?coin=${encodeURIComponent(coin)}`}
          className="inline-flex min-h-8 items-center font-semibold text-accent"
        >
          {t("funds.deposit", { coin })}
        </Link>
        {transfer && (
          <Link to={transfer} className="inline-flex min-h-8 items-center font-semibold text-accent">
            {t("funds.transfer")}
          </Link>
        )}
      </p>
    </div>
  );
}
