import { Form, Link } from "react-router";
import { pricePrecision } from "../../../../platform/contract/precision.ts";
import type { OrderView, PositionView } from "../../../../platform/contract/trading.ts";
import { Icon } from "../../../components/icon.tsx";
import { type Numbers, useNumbers } from "../../../components/numbers.tsx";
import { useTranslation } from "../../../components/translation.ts";
import { tone } from "./format.ts";
import { Figure, Figures, Time } from "./ui.tsx";

export const pairOf = (code: string) => code.toUpperCase();
/** Something of the order has filled (a resting order met in part, a cancelled one in part). */
export const hasFills = (order: Pick<OrderView, "filled_quantity">) => /[1-9]/.test(order.filled_quantity);
const price = (n: Numbers, value: string | null, code: string) =>
  value ? n.price(value, pricePrecision(code)) : "-";

/** "Long 20x", "Short 5x" for contracts; "Buy", "Sell" on spot. */
export function SideLabel({
  side,
  market,
  leverage,
}: {
  side: "buy" | "sell";
  market: "spot" | "contract";
  leverage?: number | null;
}) {
  const { t } = useTranslation("trade");
  const text =
    market === "contract" ? t(side === "buy" ? "long" : "short") : t(side === "buy" ? "buy" : "sell");
  return (
    <span className={`font-semibold ${side === "buy" ? "up" : "down"}`}>
      {text}
      {market === "contract" && leverage ? ` ${leverage}x` : ""}
    </span>
  );
}

function Heading({ order }: { order: OrderView }) {
  const { t } = useTranslation("trade");
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="font-semibold">{pairOf(order.code)}</span>
      {order.contract_type && (
        <span className="text-xs text-muted">{t(`contract_types.${order.contract_type}`)}</span>
      )}
      <SideLabel side={order.side} market={order.market} leverage={order.leverage} />
      <span className="text-xs text-muted">{t(`order_types.${order.type}`)}</span>
    </p>
  );
}

/** "Filled", "Pending", "Cancelled", or "Partially filled" (pending) / "Part filled, rest cancelled". */
export function statusKey(order: Pick<OrderView, "status" | "filled_quantity">): string {
  if (order.status === "open" && hasFills(order)) return "order_status.partial";
  if (order.status === "cancelled" && hasFills(order)) return "order_status.partial_cancelled";
  return `order_status.${order.status}`;
}

/** A pending (resting) order with its cancel button, and what of it has filled so far. */
export function OpenOrderItem({ order }: { order: OrderView }) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const coin = pairOf(order.code).split("/")[0] ?? "";
  const frozenCoin = order.market === "contract" || order.side === "buy" ? "USDT" : coin;
  return (
    <li className="border-b border-line px-4 py-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Heading order={order} />
          <p className="text-xs text-muted">
            <Time value={order.created_at} />
          </p>
        </div>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="id" value={order.id} />
          <input type="hidden" name="market" value={order.market} />
          <button
            type="submit"
            className="btn btn-secondary min-h-8 px-3 text-xs"
            aria-label={t("cancel_order_of", { pair: pairOf(order.code), id: order.id })}
          >
            {t("cancel")}
          </button>
        </Form>
      </div>
      <div className="mt-2">
        <Figures>
          <Figure label={t("price_label")}>{price(n, order.price, order.code)}</Figure>
          <Figure label={t("quantity_label", { coin })}>{n.qty(order.quantity)}</Figure>
          <Figure label={t("filled_label", { coin })} testId="filled">
            {n.qty(order.filled_quantity)} / {n.qty(order.quantity)}
          </Figure>
          <Figure label={t("avg_price")} testId="avg-price">
            {hasFills(order) ? price(n, order.fill_price, order.code) : "-"}
          </Figure>
          <Figure label={t("frozen_label", { coin: frozenCoin })}>
            {order.market === "contract" || order.side === "buy" ? n.usdt(order.frozen) : n.qty(order.frozen)}
          </Figure>
          {(order.take_profit || order.stop_loss) && (
            <Figure label={t("tpsl")}>
              {price(n, order.take_profit, order.code)} / {price(n, order.stop_loss, order.code)}
            </Figure>
          )}
        </Figures>
      </div>
    </li>
  );
}

/** A filled or cancelled order, opening its details (every fill and close, with price ticks). */
export function HistoryOrderItem({ order }: { order: OrderView }) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const coin = pairOf(order.code).split("/")[0] ?? "";
  const feeCoin = order.market === "spot" && order.side === "buy" ? coin : "USDT";
  return (
    <li className="border-b border-line">
      <Link
        to={`/orderdetails?id=${order.id}`}
        className="block px-4 py-3"
        aria-label={t("order_details_of", { pair: pairOf(order.code), id: order.id })}
      >
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Heading order={order} />
            <p className="text-xs text-muted">
              <Time value={order.updated_at} />
            </p>
          </div>
          <span className="flex items-center gap-1 text-xs">
            <span className={order.status === "filled" ? "up" : "text-muted"}>{t(statusKey(order))}</span>
            <Icon name="chevron" size={16} />
          </span>
        </div>
        <div className="mt-2">
          <Figures>
            <Figure label={order.status === "filled" ? t("fill_price") : t("price_label")}>
              {order.status === "filled"
                ? price(n, order.fill_price, order.code)
                : order.type === "market"
                  ? t("market_price")
                  : price(n, order.price, order.code)}
            </Figure>
            <Figure label={t("quantity_label", { coin })}>{n.qty(order.quantity)}</Figure>
            {order.status !== "filled" && hasFills(order) && (
              <>
                <Figure label={t("filled_label", { coin })}>
                  {n.qty(order.filled_quantity)} / {n.qty(order.quantity)}
                </Figure>
                <Figure label={t("avg_price")}>{price(n, order.fill_price, order.code)}</Figure>
              </>
            )}
            <Figure label={t("fee_label", { coin: feeCoin })}>
              {feeCoin === "USDT" ? n.fee(order.fee) : n.qty(order.fee)}
            </Figure>
            {(order.take_profit || order.stop_loss) && (
              <Figure label={t("tpsl")}>
                {price(n, order.take_profit, order.code)} / {price(n, order.stop_loss, order.code)}
              </Figure>
            )}
          </Figures>
        </div>
      </Link>
    </li>
  );
}

/** A closed or liquidated position with its realized PnL, opening its order's details. */
export function ClosedPositionItem({ position }: { position: PositionView }) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const coin = pairOf(position.code).split("/")[0] ?? "";
  return (
    <li className="border-b border-line">
      <Link
        to={`/orderdetails?id=${position.order_id}`}
        className="block px-4 py-3"
        aria-label={t("position_details_of", { pair: pairOf(position.code), id: position.id })}
      >
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold">{pairOf(position.code)}</span>
              <span className="text-xs text-muted">{t(`contract_types.${position.contract_type}`)}</span>
              <SideLabel side={position.side} market="contract" leverage={position.leverage} />
            </p>
            <p className="text-xs text-muted">{position.closed_at && <Time value={position.closed_at} />}</p>
          </div>
          <span className="flex items-center gap-1 text-xs">
            <span className={position.status === "liquidated" ? "down" : "text-muted"}>
              {t(`position_status.${position.status}`)}
            </span>
            <Icon name="chevron" size={16} />
          </span>
        </div>
        <div className="mt-2">
          <Figures>
            <Figure label={t("entry_price")}>{price(n, position.entry_price, position.code)}</Figure>
            <Figure label={t("close_price")}>{price(n, position.close_price, position.code)}</Figure>
            <Figure label={t("quantity_label", { coin })}>{n.qty(position.closed_quantity)}</Figure>
            <Figure label={t("realized_pnl")} className={tone(position.realized_pnl)}>
              {n.signed(position.realized_pnl)}
            </Figure>
            <Figure label={t("fees_label")}>{n.fee(position.fees)}</Figure>
            <Figure label={t("funding_paid")}>{n.signed(position.funding, 2, 4)}</Figure>
            <Figure label={t("tpsl")}>
              {price(n, position.take_profit, position.code)} / {price(n, position.stop_loss, position.code)}
            </Figure>
          </Figures>
        </div>
      </Link>
    </li>
  );
}

/** An empty list's line. */
export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="px-4 py-8 text-center text-sm text-muted">{children}</p>;
}
