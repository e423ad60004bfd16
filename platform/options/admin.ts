// The console's timed contracts (option_products): odds, fee, bet limits, open or closed, order.
// Each edit runs in one transaction with its audit row, written by the writer the console (admin)
// hands in with the operator (`Actor`). A bet keeps the odds it was placed at
// (option_bets.odds), so a change applies to new bets only; the product list is read per request.
import Decimal from "decimal.js";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Actor } from "../http/console.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { productView } from "./routes.ts";
import { optionProducts } from "./tables.ts";

type TimedProduct = typeof optionProducts.$inferSelect;
const timedView = (p: TimedProduct) => ({ ...productView(p), enabled: p.enabled, sort: p.sort });

/** Every timed contract, closed ones too. */
export async function listTimedProducts(db: Db) {
  const rows = await db
    .select()
    .from(optionProducts)
    .orderBy(asc(optionProducts.code), asc(optionProducts.sort), asc(optionProducts.periodSeconds));
  return rows.map(timedView);
}

export type TimedChange = {
  odds: string;
  fee_rate: string;
  min_amount: string;
  max_amount: string;
  enabled: boolean;
  sort: number;
};

/** Sets a timed contract's odds, fee rate, bet limits, whether it takes bets and its place in the list. */
export async function updateTimedProduct(db: Db, by: Actor, id: number, change: TimedChange) {
  if (new Decimal(change.min_amount).lte(0)) throw fieldError("min_amount", "admin.amount_format");
  if (new Decimal(change.max_amount).lt(change.min_amount))
    throw fieldError("max_amount", "admin.max_below_min");
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(optionProducts)
      .where(eq(optionProducts.id, id))
      .for("update")
      .limit(1);
    if (!before) throw new ApiError(404, "errors.not_found");
    const [after] = await tx
      .update(optionProducts)
      .set({
        odds: change.odds,
        feeRate: change.fee_rate,
        minAmount: change.min_amount,
        maxAmount: change.max_amount,
        enabled: change.enabled,
        sort: change.sort,
      })
      .where(eq(optionProducts.id, id))
      .returning();
    if (!after) throw new ApiError(404, "errors.not_found");
    await by.record(tx, {
      operator: by.email,
      action: "timed_product.update",
      target: `timed_product:${id}`,
      before: timedView(before),
      after: timedView(after),
    });
    return timedView(after);
  });
}
