import { ceilAmount, dec, str } from "../../../../platform/contract/decimal.ts";
import { pricePrecision } from "../../../../platform/contract/precision.ts";
import { useNumbers } from "../../../components/numbers.tsx";
import { useTranslation } from "../../../components/translation.ts";
import type { CloseReview } from "../types.ts";
import { ConfirmSheet } from "./confirm-order.tsx";
import { pairOf } from "./orders.tsx";

/**
 * The confirmation before closing a position (Close, Close part) or every position (Close all):
 * the same sheet / page as an order's (ConfirmSheet). Confirm posts the close again, confirmed.
 */
export function ConfirmClose({
  review,
  cancelTo,
  onCancel,
}: {
  review: CloseReview;
  cancelTo: string;
  onCancel?: () => void;
}) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const rows: [string, string, string?][] = [];
  let total: bigint | undefined = 0n;
  let fees: bigint | undefined = 0n;
  for (const p of review.positions) {
    const pair = pairOf(p.code);
    const coin = pair.split("/")[0] ?? "";
    const direction = t(p.side === "buy" ? "close_long" : "close_short");
    const part = p.quantity !== p.held ? ` / ${n.qty(p.held)}` : "";
    if (review.all) {
      rows.push([`${pair} · ${direction} ${p.leverage}x`, `${n.qty(p.quantity)} ${coin}`]);
    } else {
      rows.push([t("pair"), `${pair} · ${t(`contract_types.${p.contract_type}`)}`]);
      rows.push([t("direction"), `${direction} ${p.leverage}x`, p.side === "buy" ? "down" : "up"]);
      rows.push([t("quantity_label", { coin }), `${n.qty(p.quantity)}${part}`]);
      rows.push([
        t("price_label"),
        `${t("market_best")} ≈ ${p.price ? n.price(p.price, pricePrecision(p.code)) : "-"}`,
      ]);
    }
    const each = dec(p.pnl);
    total = total !== undefined && each !== undefined ? total + each : undefined;
    const fee = dec(p.fee);
    fees = fees !== undefined && fee !== undefined ? fees + fee : undefined;
  }
  const pnl = total !== undefined ? str(total) : null;
  rows.push([t("close_pnl"), n.signed(pnl), pnl === null ? "" : pnl.startsWith("-") ? "down" : "up"]);
  // The PnL is before the fee: the fee shows beside it, so the customer sees what the close costs.
  // Rounded up, as the fee is charged: the sheet never promises less than the close costs.
  rows.push([
    t("fee_label", { coin: "USDT" }),
    fees !== undefined ? `≈ ${n.usdt(ceilAmount(str(fees), 2))}` : "-",
  ]);
  const one = review.positions[0];
  const hidden: Record<string, string | number | undefined> = review.all
    ? { confirmed: "on", mode: "contract", tab: "positions" }
    : {
        confirmed: "on",
        mode: "contract",
        tab: "positions",
        position_id: one?.id,
        quantity: one && one.quantity !== one.held ? one.quantity : undefined,
      };
  return (
    <ConfirmSheet
      title={t(review.all ? "confirm_close_all" : "confirm_close")}
      rows={rows}
      note={t("close_note")}
      intent={review.all ? "close_all" : "close"}
      hidden={hidden}
      tone="neutral"
      confirmLabel={t(review.all ? "close_all" : "close")}
      cancelTo={cancelTo}
      onCancel={onCancel}
    />
  );
}
