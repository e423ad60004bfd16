import Decimal from "decimal.js";
import { spotOrderFigures } from "../contract/spot-preview.ts";
import { exactTicks, unitsOf } from "../contract/units.ts";
import { fieldError } from "../http/errors.ts";
import {
  checkQuantity,
  expectedOrRefused,
  protectionFor,
  requireListed,
  requireParams,
  type TradingDeps,
} from "./contracts.ts";
import type { Protection } from "./engine/spot-engine.ts";

const D = (v: Decimal.Value) => new Decimal(v);

export type SpotOrderInput = {
  code: string;
  type: "market" | "limit";
  side: "buy" | "sell";
  quantity: string;
  price?: string;
};

/** A spot order's own rules, checked before it is previewed or queued: its terms, price and protection. */
async function checkedSpotOrder(deps: TradingDeps, input: SpotOrderInput) {
  await requireListed(deps.db, input.code);
  const params = await requireParams(deps.db, input.code, "spot");
  const quantity = D(input.quantity);
  checkQuantity(quantity, params);
  let price: Decimal | undefined;
  let protection: Protection | undefined;
  if (input.type === "limit") {
    if (!input.price) throw fieldError("price", "trading.price_required");
    price = D(input.price);
    const units = unitsOf(params.code, params.quantityStep);
    if (exactTicks(price, units) === undefined)
      throw fieldError("price", "trading.price_tick", { tick: units.tick.toFixed() });
  } else {
    // A market order needs a live market: refused on a stalled feed, as before it is queued.
    deps.prices.best(params.code, input.side);
    // It takes nothing beyond the band around the mark (price protection).
    const mark = deps.prices.mark(params.code).price;
    protection = protectionFor(deps, params.code, params.quantityStep, input.side, mark);
  }
  return { params, quantity, price, protection };
}

/**
 * A spot order from the spot wallet, checked here and matched by the spot engine (see
 * engine/spot-engine.ts): it meets the book at once, best price first and always at the resting
 * orders' prices (a market order, or the part of a limit priced through the best opposite
 * price); what a limit does not fill rests on the book with its funds frozen. Resolves when the
 * order is durable.
 */
export async function placeSpotOrder(deps: TradingDeps, userId: number, input: SpotOrderInput) {
  const { params, quantity, price, protection } = await checkedSpotOrder(deps, input);
  return deps.spot.place({
    userId,
    code: params.code,
    type: input.type,
    side: input.side,
    quantity,
    price,
    params,
    protection,
  });
}

/**
 * What a spot order would trade at and pay, before the customer confirms: the engine's own
 * expected fill (the book's levels best first, the customer's own orders left out, never beyond
 * the limit or the band; what a limit leaves rests at its price), and the fee on what it
 * receives. Refused as placing it would be: a confirmation never shows an order Confirm refuses.
 */
export async function previewSpotOrder(deps: TradingDeps, userId: number, input: SpotOrderInput) {
  const { params, quantity, price, protection } = await checkedSpotOrder(deps, input);
  const ask = (protect?: Decimal) =>
    deps.spot.expectedFill({
      userId,
      book: params.code,
      side: input.side,
      quantity,
      price,
      protect,
      terms: params,
    });
  const expected = expectedOrRefused(ask, protection);
  return spotOrderFigures(
    { code: params.code, side: input.side, quantity: input.quantity },
    { price: expected.price.toFixed(), fills_now: input.type === "limit" && expected.takes },
    params.spotFee,
  );
}
