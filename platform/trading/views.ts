import Decimal from "decimal.js";
import type { OrderView, PositionView } from "../contract/trading.ts";
import * as math from "./math.ts";
import type { orders, positions } from "./tables.ts";

const D = (v: Decimal.Value) => new Decimal(v);
const num = (v: string | null) => (v === null ? null : D(v).toFixed());

export function positionView(
  p: typeof positions.$inferSelect,
  mark: Decimal | undefined,
  mmr: string,
  closedQuantity: Decimal.Value = 0,
): PositionView {
  const open = p.status === "open";
  const floating = open && mark ? math.pnl(p.side, p.entryPrice, mark, p.quantity) : undefined;
  return {
    id: p.id,
    order_id: p.orderId,
    code: p.code,
    contract_type: p.contractType,
    expiry: p.expiry?.toISOString() ?? null,
    side: p.side,
    quantity: D(p.quantity).toFixed(),
    closed_quantity: D(closedQuantity).toFixed(),
    entry_price: D(p.entryPrice).toFixed(),
    mark_price: mark ? mark.toFixed() : null,
    leverage: p.leverage,
    margin: D(p.margin).toFixed(8),
    pnl: floating ? floating.toFixed(8) : null,
    roe: floating ? math.roe(floating, p.margin).toFixed(2) : null,
    liquidation_price: open
      ? math.liquidationPrice(p.side, p.entryPrice, p.quantity, p.margin, mmr).toFixed(8)
      : "0",
    take_profit: num(p.takeProfit),
    stop_loss: num(p.stopLoss),
    status: p.status,
    realized_pnl: D(p.realizedPnl).toFixed(8),
    fees: D(p.fees).toFixed(8),
    funding: D(p.funding).toFixed(8),
    close_price: num(p.closePrice),
    opened_at: p.openedAt.toISOString(),
    closed_at: p.closedAt?.toISOString() ?? null,
  };
}

export function orderView(o: typeof orders.$inferSelect): OrderView {
  return {
    id: o.id,
    market: o.market,
    code: o.code,
    contract_type: o.contractType,
    side: o.side,
    type: o.type,
    price: num(o.price),
    quantity: D(o.quantity).toFixed(),
    leverage: o.leverage,
    take_profit: num(o.takeProfit),
    stop_loss: num(o.stopLoss),
    status: o.status,
    filled_quantity: D(o.filledQuantity).toFixed(),
    fill_price: num(o.fillPrice),
    fee: D(o.fee).toFixed(),
    frozen: D(o.frozen).toFixed(),
    fill_tick_time: o.fillTickTime,
    position_id: o.positionId,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}
