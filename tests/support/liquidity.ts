import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { forgetTradingTerms } from "../../platform/trading/contracts.ts";
import { tradingParams } from "../../platform/trading/tables.ts";

/**
 * Sets a market's liquidity size cap (null: none), as an operator does, and forgets the cached
 * terms so the next order reads it; the liquidity re-quotes with it on the feed's next depth.
 */
export async function setLiquidityCap(db: Db, code: string, maxSize: string | null) {
  await db.update(tradingParams).set({ liquidityMaxSize: maxSize }).where(eq(tradingParams.code, code));
  forgetTradingTerms();
}
