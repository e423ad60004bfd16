import Decimal from "decimal.js";
import { dec, mul, str } from "./decimal.ts";
import { takerPrice } from "./execution.ts";
import { previews, type Side } from "./trading-math.ts";

export type SpotPreviewInput = {
  code: string;
  type: "market" | "limit";
  side: Side;
  quantity: string;
  price?: string;
};

/**
 * What a spot order would trade at and pay, for its review step, from the book's best opposite
 * price (`best`, none on an empty side) and the market's spot fee rate: the engine's own rule for
 * the price (a limit priced through the best trades at once, at the book's price) and the fee
 * on what the order receives (a buy in the base coin, a sell in USDT). A preview: the engine's
 * fills (several levels, fees rounded up to 8 decimals) are the figures that count.
 */
export function previewSpotOrder(
  order: SpotPreviewInput,
  market: { best: string | undefined; rate: string },
) {
  const limit =
    order.type === "limit" && dec(order.price) !== undefined ? new Decimal(order.price ?? "") : undefined;
  const taker = market.best ? takerPrice(order.side, new Decimal(market.best), limit) : undefined;
  const price = dec(taker ? taker.toFixed() : order.price) ?? 0n;
  const quantity = dec(order.quantity) ?? 0n;
  return {
    price: str(price),
    fills_now: order.type === "limit" && taker !== undefined,
    notional: str(mul(quantity, price)),
    fee: str(previews.spotFee(order.side, quantity, price, dec(market.rate) ?? 0n)),
    fee_coin: order.side === "buy" ? (order.code.split("/")[0]?.toUpperCase() ?? "") : "USDT",
  };
}
