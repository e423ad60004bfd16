import { dec, mul, str } from "./decimal.ts";
import { previews, type Side } from "./trading-math.ts";

/**
 * A spot order's figures at the price it is expected to trade at (the engine's expected fill:
 * the average over the levels it would take, and its limit for what would rest): what it is
 * worth and the fee on what it receives (a buy in the base coin, a sell in USDT). A preview: the
 * engine's fills (fees rounded up to 8 decimals) are the figures that count.
 */
export function spotOrderFigures(
  order: { code: string; side: Side; quantity: string },
  fill: { price: string; fills_now: boolean },
  rate: string,
) {
  const price = dec(fill.price) ?? 0n;
  const quantity = dec(order.quantity) ?? 0n;
  return {
    price: str(price),
    fills_now: fill.fills_now,
    notional: str(mul(quantity, price)),
    fee: str(previews.spotFee(order.side, quantity, price, dec(rate) ?? 0n)),
    fee_coin: order.side === "buy" ? (order.code.split("/")[0]?.toUpperCase() ?? "") : "USDT",
  };
}
