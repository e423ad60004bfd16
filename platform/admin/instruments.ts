// The console's instruments: listing (market) and trading terms (trading_params) edited together,
// in one transaction with the audit row; the listed-instruments cache is dropped once committed.
import Decimal from "decimal.js";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { listedInstruments } from "../market/index.ts";
import { instruments } from "../market/tables.ts";
import { forgetTradingTerms } from "../trading/index.ts";
import { tradingParams } from "../trading/tables.ts";
import { type AuthOperator, audit } from "./service.ts";

const fee = (v: string | null | undefined) => (v == null ? "" : new Decimal(v).toFixed());

async function instrumentRows(db: Db, code?: string) {
  return db
    .select({ instrument: instruments, params: tradingParams })
    .from(instruments)
    .leftJoin(tradingParams, eq(tradingParams.code, instruments.code))
    .where(code ? eq(instruments.code, code) : undefined)
    .orderBy(asc(instruments.sort), asc(instruments.code));
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
export async function updateInstrument(db: Db, op: AuthOperator, code: string, change: InstrumentChange) {
  const key = code.trim().toLowerCase();
  const after = await db.transaction(async (tx) => {
    const [beforeRow] = await instrumentRows(tx, key);
    if (!beforeRow) throw new ApiError(404, "errors.not_found");
    await tx
      .update(instruments)
      .set({ status: change.status, pricePrecision: change.price_precision })
      .where(eq(instruments.code, key));
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
    await audit(tx, {
      operator: op.email,
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
