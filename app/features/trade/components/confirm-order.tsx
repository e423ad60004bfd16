import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useNumbers } from "../../../components/numbers.tsx";
import { Sheet } from "../../../components/sheet.tsx";
import { useTranslation } from "../../../components/translation.ts";
import type { OrderPreview, ReviewedOrder } from "../types.ts";

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
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const contract = order.mode === "contract";
  const base = order.code.split("/")[0]?.toUpperCase() ?? "";
  const pair = order.code.toUpperCase();
  const price = (v: string | undefined) => (v ? n.price(v, precision) : "-");
  const direction = contract
    ? t(order.side === "buy" ? "open_long" : "open_short")
    : t(order.side === "buy" ? "buy" : "sell");
  const rows: Row[] = [
    [t("pair"), contract ? `${pair} · ${t(`contract_types.${order.contract_type ?? "perpetual"}`)}` : pair],
    [t("direction"), direction, order.side === "buy" ? "up" : "down"],
    [t("order_type"), t(`order_types.${order.type}`)],
    [
      t("price_label"),
      order.type === "limit" ? price(order.price) : `${t("market_best")} ≈ ${price(preview.price)}`,
    ],
    [t("quantity_label", { coin: base }), n.qty(order.quantity)],
  ];
  if (contract) {
    rows.push([t("leverage"), `${order.leverage}x`]);
    rows.push([t("notional"), n.usdt(preview.notional, 2)]);
    rows.push([t("margin_label"), n.usdt(preview.margin)]);
  } else {
    rows.push([t("total"), `${n.usdt(preview.notional, 2)} USDT`]);
  }
  rows.push([
    t("fee"),
    `${preview.fee_coin === "USDT" ? n.fee(preview.fee) : n.qty(preview.fee)} ${preview.fee_coin}`,
  ]);
  if (contract && preview.liquidation_price)
    rows.push([t("liquidation_price"), price(preview.liquidation_price), "text-accent"]);
  if (contract && (order.take_profit || order.stop_loss))
    rows.push([t("tpsl"), `${price(order.take_profit)} / ${price(order.stop_loss)}`]);
  rows.push([
    t("available"),
    preview.available
      ? `${preview.available_coin === "USDT" ? n.usdt(preview.available) : n.qty(preview.available)} ${preview.available_coin}`
      : "-",
  ]);

  const hidden: Hidden = {
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
    <ConfirmSheet
      title={t("confirm_title")}
      rows={rows}
      note={
        order.type === "limit" && preview.fills_now
          ? t("fills_now", { price: price(preview.price) })
          : undefined
      }
      intent="place"
      hidden={hidden}
      tone={order.side === "buy" ? "up" : "down"}
      cancelTo={cancelTo}
      onCancel={onCancel}
    >
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="skip_confirm" value="on" className="h-4 w-4 accent-accent" />
        {t("dont_ask")}
      </label>
    </ConfirmSheet>
  );
}

type Hidden = Record<string, string | number | undefined>;
type Row = [label: string, value: string, className?: string];

/**
 * The one confirmation step of the trade screen (opening an order, closing positions): a sheet
 * with every figure, over the page with JavaScript, the confirmation page without (the screen
 * rendered by its action with this sheet open). Confirm posts `intent` with `hidden`; Cancel goes
 * back (a link to `cancelTo` without JavaScript, `onCancel` with it).
 */
export function ConfirmSheet({
  title,
  rows,
  note,
  intent,
  hidden,
  tone,
  confirmLabel,
  cancelTo,
  onCancel,
  children,
}: {
  title: string;
  rows: Row[];
  /** A warning line above the buttons (a limit that fills at once). */
  note?: string;
  intent: string;
  hidden: Hidden;
  tone: "up" | "down" | "neutral";
  confirmLabel?: string;
  cancelTo: string;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation("trade");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const toneClass =
    tone === "up" ? "bg-up text-on-up" : tone === "down" ? "bg-down text-on-down" : "btn-primary";
  return (
    <Sheet title={title} onClose={onCancel}>
      <dl className="mt-3 text-sm">
        {rows.map(([label, value, className]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-line py-1.5 last:border-0">
            <dt className="text-muted">{label}</dt>
            <dd className={`text-right tabular-nums ${className ?? ""}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {note && (
        <p
          role="note"
          className="mt-3 rounded-lg border border-accent px-3 py-2 text-sm"
          data-testid="confirm-note"
        >
          {note}
        </p>
      )}
      <Form method="post" preventScrollReset className="mt-3">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) =>
          value === undefined || value === "" ? null : (
            <input key={name} type="hidden" name={name} value={value} />
          ),
        )}
        {children}
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
          <button type="submit" className={`btn ${toneClass}`} disabled={busy} aria-busy={busy}>
            {confirmLabel ?? t("confirm")}
          </button>
        </div>
      </Form>
    </Sheet>
  );
}
