// The console's earn work: pools and products (daily rate, status), the daily-interest wallet's
// rate and first-participation reward, and launchpad projects' price, supply, per-customer limits
// and dates. Each edit runs in one transaction with its audit row, written by the writer the
// console (admin) hands in with the operator (`Actor`); all are read per request, so nothing
// cached needs dropping.
import Decimal from "decimal.js";
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Actor } from "../http/console.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { statusOf } from "./launchpad.ts";
import { forgetFortuneOffer, fortuneSettings, setFortuneSettings } from "./service.ts";
import { earnProducts, launchpadProjects } from "./tables.ts";

const money = (v: string) => new Decimal(v).toFixed();

type Product = typeof earnProducts.$inferSelect;
const productView = (p: Product) => ({
  id: p.id,
  kind: p.kind,
  coin: p.coin,
  name_key: p.nameKey,
  daily_rate: money(p.dailyRate),
  pool_total: money(p.poolTotal),
  pool_remaining: money(p.poolRemaining),
  min_purchase: money(p.minPurchase),
  max_purchase: money(p.maxPurchase),
  lock_days: p.lockDays,
  status: p.status,
});

export async function listAllProducts(db: Db) {
  const rows = await db
    .select()
    .from(earnProducts)
    .orderBy(asc(earnProducts.kind), asc(earnProducts.sort), asc(earnProducts.id));
  return rows.map(productView);
}

/**
 * A pool's daily rate and status. Participations keep the rate they joined at (earn's rule), so a
 * change applies to new participations only.
 */
export async function updateProduct(
  db: Db,
  by: Actor,
  id: number,
  change: { dailyRate?: string; status?: Product["status"] },
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(earnProducts)
      .where(eq(earnProducts.id, id))
      .for("update")
      .limit(1);
    if (!before) throw new ApiError(404, "errors.not_found");
    const [after] = await tx
      .update(earnProducts)
      .set({ dailyRate: change.dailyRate ?? before.dailyRate, status: change.status ?? before.status })
      .where(eq(earnProducts.id, id))
      .returning();
    if (!after) throw new ApiError(404, "errors.not_found");
    const b = productView(before);
    const a = productView(after);
    await by.record(tx, {
      operator: by.email,
      action: "product.update",
      target: `product:${id}`,
      before: { daily_rate: b.daily_rate, status: b.status },
      after: { daily_rate: a.daily_rate, status: a.status },
    });
    return a;
  });
}

const fortuneView = async (db: Db) => {
  const s = await fortuneSettings(db);
  return { daily_rate: s.dailyRate.toFixed(), first_reward: s.firstReward.toFixed(), coin: s.coin };
};

export const showFortune = fortuneView;

/** The daily-interest wallet's daily rate and first-participation reward (from the next payment on). */
export async function updateFortune(db: Db, by: Actor, change: { daily_rate: string; first_reward: string }) {
  const after = await db.transaction(async (tx) => {
    const before = await fortuneView(tx);
    await setFortuneSettings(tx, change);
    const after = await fortuneView(tx);
    await by.record(tx, { operator: by.email, action: "fortune.update", target: "fortune", before, after });
    return after;
  });
  // Only now: a page read between the write and the commit would have kept the old terms.
  forgetFortuneOffer();
  return after;
}

type Project = typeof launchpadProjects.$inferSelect;
const projectView = (p: Project, now = Date.now()) => ({
  id: p.id,
  token: p.token,
  name: p.name,
  status: statusOf(p, now),
  price: new Decimal(p.price).toFixed(),
  total_supply: new Decimal(p.totalSupply).toFixed(),
  remaining: new Decimal(p.remaining).toFixed(),
  min_per_user: new Decimal(p.minPerUser).toFixed(),
  max_per_user: new Decimal(p.maxPerUser).toFixed(),
  starts_at: p.startsAt.toISOString(),
  ends_at: p.endsAt.toISOString(),
  delivered: p.deliveredAt != null,
});

export async function listLaunchpad(db: Db) {
  const rows = await db.select().from(launchpadProjects).orderBy(desc(launchpadProjects.startsAt));
  return rows.map((p) => projectView(p));
}

export type LaunchpadChange = {
  price: string;
  total_supply: string;
  min_per_user: string;
  max_per_user: string;
  starts_at: Date;
  ends_at: Date;
};

/**
 * A launchpad project's terms. Subscriptions already made keep the tokens they were priced at;
 * the supply can shrink only down to what is sold (the rest stays on sale), and a delivered
 * project is closed for good.
 */
export async function updateLaunchpad(db: Db, by: Actor, id: number, change: LaunchpadChange) {
  for (const key of ["price", "total_supply", "min_per_user"] as const)
    if (new Decimal(change[key]).lte(0)) throw fieldError(key, "admin.amount_format");
  if (new Decimal(change.max_per_user).lt(change.min_per_user))
    throw fieldError("max_per_user", "admin.max_below_min");
  if (change.ends_at.getTime() <= change.starts_at.getTime())
    throw fieldError("ends_at", "admin.ends_before_start");
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(launchpadProjects)
      .where(eq(launchpadProjects.id, id))
      .for("update")
      .limit(1);
    if (!before) throw new ApiError(404, "errors.not_found");
    if (before.deliveredAt) throw new ApiError(409, "admin.already_delivered");
    const sold = new Decimal(before.totalSupply).minus(before.remaining);
    if (new Decimal(change.total_supply).lt(sold))
      throw fieldError("total_supply", "admin.supply_below_sold", { sold: sold.toFixed() });
    const [after] = await tx
      .update(launchpadProjects)
      .set({
        price: change.price,
        totalSupply: change.total_supply,
        remaining: new Decimal(change.total_supply).minus(sold).toFixed(),
        minPerUser: change.min_per_user,
        maxPerUser: change.max_per_user,
        startsAt: change.starts_at,
        endsAt: change.ends_at,
      })
      .where(eq(launchpadProjects.id, id))
      .returning();
    if (!after) throw new ApiError(404, "errors.not_found");
    await by.record(tx, {
      operator: by.email,
      action: "launchpad.update",
      target: `launchpad:${id}`,
      before: projectView(before),
      after: projectView(after),
    });
    return projectView(after);
  });
}
