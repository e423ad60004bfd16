// The console's instruments: listing (the market's, through its functions) and trading terms
// (trading_params) edited together, in one transaction with the audit row, written by the writer
// the console (admin) hands in with the operator (`Actor`); the listed-instruments cache and the
// trading terms are dropped once committed.
import Decimal from "decimal.js";
import { eq, inArray } from "drizzle-orm";
import { dec } from "../contract/decimal.ts";
import { bandPercent } from "../contract/trading-math.ts";
import type { Db } from "../db/client.ts";
import type { Actor } from "../http/console.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { instrumentListings, listedInstruments, setInstrumentListing } from "../market/index.ts";
import { forgetTradingTerms } from "./contracts.ts";
import { tradingParams } from "./tables.ts";

const fee = (v: string | null | undefined) => (v == null ? "" : new Decimal(v).toFixed());

/** Each instrument (or one) in the market's order, with its trading terms if it has any. */
async function instrumentRows(db: Db, code?: string) {
  const listings = await instrumentListings(db, code);
  const terms = listings.length
    ? await db
        .select()
        .from(tradingParams)
        .where(
          inArray(
            tradingParams.code,
            listings.map((l) => l.code),
          ),
        )
    : [];
  const byCode = new Map(terms.map((p) => [p.code, p]));
  return listings.map((instrument) => ({ instrument, params: byCode.get(instrument.code) ?? null }));
}

const instrumentView = ({
  instrument: i,
  params: p,
}: Awaited<ReturnType<typeof instrumentRows>>[number]) => ({
  code: i.code,
  status: i.status,
  price_precision: i.pricePrecision,
  max_leverage: p?.maxLeverage ?? null,
  maker_fee: fee(p?.makerFee),
  taker_fee: fee(p?.takerFee),
  spot_fee: fee(p?.spotFee),
  liquidity_spread: fee(p?.liquiditySpread),
  liquidity_max_size: fee(p?.liquidityMaxSize),
});

export async function listAllInstruments(db: Db) {
  return (await instrumentRows(db)).map(instrumentView);
}

export type InstrumentChange = {
  status: "active" | "paused";
  price_precision: number;
  max_leverage: number;
  maker_fee: string;
  taker_fee: string;
  spot_fee: string;
  /** Left out: unchanged. */
  liquidity_spread?: string;
  /** Null: no cap (the feed's size); left out: unchanged. */
  liquidity_max_size?: string | null;
};

/**
 * Pauses or resumes an instrument and sets its price precision, maximum leverage, fees and the
 * limits of the platform's liquidity quotes (spread, size cap; the engine re-quotes within a
 * second). A
 * paused instrument leaves the market lists and refuses new orders (trading's requireListed);
 * a new maximum leverage or fee applies to new orders only.
 */
export async function updateInstrument(
  db: Db,
  by: Actor,
  code: string,
  change: InstrumentChange,
  /** The market price band (config `marketPriceBand`): the spread must stay inside it. */
  priceBand: string,
) {
  const key = code.trim().toLowerCase();
  // Quotes at or beyond the band would leave every market order and close nothing to take.
  if (change.liquidity_spread !== undefined && new Decimal(change.liquidity_spread).gte(priceBand))
    throw fieldError("liquidity_spread", "admin.spread_band", {
      percent: bandPercent(dec(priceBand) as bigint),
    });
  const after = await db.transaction(async (tx) => {
    const [beforeRow] = await instrumentRows(tx, key);
    if (!beforeRow) throw new ApiError(404, "errors.not_found");
    await setInstrumentListing(tx, key, { status: change.status, pricePrecision: change.price_precision });
    if (beforeRow.params)
      await tx
        .update(tradingParams)
        .set({
          maxLeverage: change.max_leverage,
          makerFee: change.maker_fee,
          takerFee: change.taker_fee,
          spotFee: change.spot_fee,
          liquiditySpread: change.liquidity_spread,
          liquidityMaxSize: change.liquidity_max_size,
        })
        .where(eq(tradingParams.code, key));
    const [afterRow] = await instrumentRows(tx, key);
    if (!afterRow) throw new ApiError(404, "errors.not_found");
    const before = instrumentView(beforeRow);
    const now = instrumentView(afterRow);
    await by.record(tx, {
      operator: by.email,
      action: "instrument.update",
      target: `instrument:${key}`,
      before,
      after: now,
    });
    return now;
  });
  // The market lists are served from memory: drop them so the change shows on the next request.
  listedInstruments.forget();
  forgetTradingTerms();
  return after;
}
