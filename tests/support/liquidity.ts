import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { forgetTradingTerms } from "../../platform/trading/contracts.ts";
import { tradingParams } from "../../platform/trading/tables.ts";

/**
 * Sets a market's liquidity limits as an operator does (a spread: a fraction; a size cap, null
 * for none; left out: unchanged) and forgets the cached terms so the next order reads them; the
 * liquidity re-quotes with them on the feed's next depth.
 */
export async function setLiquidityLimits(
  db: Db,
  code: string,
  limits: { spread?: string; maxSize?: string | null },
) {
  await db
    .update(tradingParams)
    .set({ liquiditySpread: limits.spread, liquidityMaxSize: limits.maxSize })
    .where(eq(tradingParams.code, code));
  forgetTradingTerms();
}

/** Sets a market's liquidity size cap (null: none). */
export const setLiquidityCap = (db: Db, code: string, maxSize: string | null) =>
  setLiquidityLimits(db, code, { maxSize });
