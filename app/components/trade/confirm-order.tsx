import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { formatPrice } from "../../../platform/contract/precision.ts";
import { Sheet } from "../sheet.tsx";
import { qty, usdt } from "./format.ts";

/** An order as the review step received it (decimal strings, as the user typed them). */
export type ReviewedOrder = {
  mode: "spot" | "contract";
  code: string;
  contract_type?: string;
  type: "market" | "limit";
  side: "buy" | "sell";
  price?: string;
  quantity: string;
  leverage?: number;
  take_profit?: string;
  stop_loss?: string;
  tab: string;
};

/** What the platform says the order will occupy (contracts: /api/contract/preview). */
export type OrderPreview = {
  /** Where it trades: the book's price for a market or marketable limit order, else the limit. */
  price: string;
  /** A limit priced through the opposite best: it fills at once, at the book's price. */
  fills_now?: boolean;
  notional: string;
  margin?: string;
  fee: string;
  fee_coin: string;
  liquidation_price?: string;
  available?: string;
  available_coin: string;
};

/**
 * The order confirmation: every figure of the order before it is placed. Without JavaScript
 * this is the confirmation page (the trade screen with this sheet open); Confirm posts the order,
 * Cancel goes back to the filled-in form. "Don't ask again" turns the step off (a cookie; the
 * form can turn it back on).
 */
export function ConfirmOrder({
  order,
  preview,
  precision,
  cancelTo,
  onCancel,
}: {
  order: ReviewedOrder;
  preview: OrderPreview;
  precision: number;
  cancelTo: string;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("trade");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "place";
  const contract = order.mode === "contract";
  const base = order.code.split("/")[0]?.toUpperCase() ?? "";
  const pair = order.code.toUpperCase();
  const price = (v: string | undefined) => (v ? formatPrice(v, precision) : "-");
  const direction = contract
    ? t(order.side === "buy" ? "open_long" : "open_short")
    : t(order.side === "buy" ? "buy" : "sell");
  const rows: [string, string, string?][] = [
    [t("pair"), contract ? `${pair} · ${t(`contract_types.${order.contract_type ?? "perpetual"}`)}` : pair],
    [t("direction"), direction, order.side === "buy" ? "up" : "down"],
    [t("order_type"), t(`order_types.${order.type}`)],
    [
      t("price_label"),
      order.type === "limit" ? price(order.price) : `${t("market_best")} ≈ ${price(preview.price)}`,
    ],
    [t("quantity_label", { coin: base }), qty(order.quantity)],
  ];
  if (contract) {
    rows.push([t("leverage"), `${order.leverage}x`]);
    rows.push([t("notional"), usdt(preview.notional, 2)]);
    rows.push([t("margin_label"), usdt(preview.margin, 4)]);
  } else {
    rows.push([t("total"), `${usdt(preview.notional, 2)} USDT`]);
  }
  rows.push([
    t("fee"),
    `${preview.fee_coin === "USDT" ? usdt(preview.fee, 4) : qty(preview.fee)} ${preview.fee_coin}`,
  ]);
  if (contract && preview.liquidation_price)
    rows.push([t("liquidation_price"), price(preview.liquidation_price), "text-accent"]);
  if (contract && (order.take_profit || order.stop_loss))
    rows.push([t("tpsl"), `${price(order.take_profit)} / ${price(order.stop_loss)}`]);
  rows.push([
    t("available"),
    preview.available
      ? `${preview.available_coin === "USDT" ? usdt(preview.available) : qty(preview.available)} ${preview.available_coin}`
      : "-",
  ]);

  const hidden: Record<string, string | number | undefined> = {
    code: order.code,
    mode: order.mode,
    contract_type: order.contract_type,
    type: order.type,
    side: order.side,
    price: order.price,
    quantity: order.quantity,
    leverage: order.leverage,
    take_profit: order.take_profit,
    stop_loss: order.stop_loss,
    tab: order.tab,
  };
  return (
    <Sheet title={t("confirm_title")} onClose={onCancel}>
      <dl className="mt-3 text-sm">
        {rows.map(([label, value, className]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-line py-1.5 last:border-0">
            <dt className="text-muted">{label}</dt>
            <dd className={`text-right tabular-nums ${className ?? ""}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {order.type === "limit" && preview.fills_now && (
        <p
          role="note"
          className="mt-3 rounded-lg border border-accent px-3 py-2 text-sm"
          data-testid="fills-now"
        >
          {t("fills_now", { price: price(preview.price) })}
        </p>
      )}
      <Form method="post" preventScrollReset className="mt-3">
        <input type="hidden" name="intent" value="place" />
        {Object.entries(hidden).map(([name, value]) =>
          value === undefined || value === "" ? null : (
            <input key={name} type="hidden" name={name} value={value} />
          ),
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="skip_confirm" value="on" className="h-4 w-4 accent-accent" />
          {t("dont_ask")}
        </label>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <a
            href={cancelTo}
            className="btn btn-secondary"
            onClick={(event) => {
              if (!onCancel) return;
              event.preventDefault();
              onCancel();
            }}
          >
            {t("cancel")}
          </a>
          <button
            type="submit"
            className={`btn ${order.side === "buy" ? "bg-up text-on-up" : "bg-down text-on-down"}`}
            disabled={busy}
            aria-busy={busy}
          >
            {t("confirm")}
          </button>
        </div>
      </Form>
    </Sheet>
  );
}
