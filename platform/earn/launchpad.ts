import Decimal from "decimal.js";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { postMessage } from "../inbox/index.ts";
import { type Posting, post, transfer } from "../ledger/index.ts";
import { listCoin } from "../wallet/index.ts";
import { launchpadProjects, launchpadSubscriptions } from "./tables.ts";

const D = (v: Decimal.Value) => new Decimal(v);

export type LaunchpadStatus = "upcoming" | "live" | "ended";
export function statusOf(project: { startsAt: Date; endsAt: Date }, now = Date.now()): LaunchpadStatus {
  if (now < project.startsAt.getTime()) return "upcoming";
  if (now < project.endsAt.getTime()) return "live";
  return "ended";
}

export async function listProjects(db: Db) {
  return db.select().from(launchpadProjects).orderBy(desc(launchpadProjects.startsAt));
}

export async function requireProject(db: Db, id: number) {
  const [project] = await db.select().from(launchpadProjects).where(eq(launchpadProjects.id, id)).limit(1);
  if (!project) throw new ApiError(404, "errors.not_found");
  return project;
}

/**
 * Subscribes with USDT while a project is live: the tokens are reserved from the supply (never
 * beyond it, even under a rush) and the USDT held by the platform until delivery. Per-user
 * limits count everything the customer subscribed to the project, under the project's lock.
 */
export async function subscribe(db: Db, userId: number, projectId: number, usdt: string, now = Date.now()) {
  const project = await requireProject(db, projectId);
  if (statusOf(project, now) !== "live")
    throw fieldError(
      "amount",
      statusOf(project, now) === "upcoming" ? "earn.launch_not_started" : "earn.launch_ended",
    );
  const paid = D(usdt);
  if (paid.decimalPlaces() > 2) throw fieldError("amount", "wallet.amount_decimals", { decimals: 2 });
  const tokens = paid.div(project.price).toDecimalPlaces(8, Decimal.ROUND_DOWN);
  if (tokens.lte(0)) throw fieldError("amount", "wallet.amount_too_small");
  return db.transaction(async (tx) => {
    // One subscription of a project at a time, so the customer's total below is not read while
    // another of theirs is being added (READ COMMITTED would let both pass the maximum).
    await tx
      .select({ id: launchpadProjects.id })
      .from(launchpadProjects)
      .where(eq(launchpadProjects.id, projectId))
      .for("update");
    const [{ total = "0" } = {}] = (await tx
      .select({ total: sql<string>`coalesce(sum(${launchpadSubscriptions.paid}), 0)::text` })
      .from(launchpadSubscriptions)
      .where(
        and(eq(launchpadSubscriptions.projectId, projectId), eq(launchpadSubscriptions.userId, userId)),
      )) as { total?: string }[];
    const mine = D(total).plus(paid);
    if (paid.lt(project.minPerUser))
      throw fieldError("amount", "earn.below_minimum", { minimum: D(project.minPerUser).toFixed() });
    if (mine.gt(project.maxPerUser))
      throw fieldError("amount", "earn.above_maximum", { maximum: D(project.maxPerUser).toFixed() });
    const [reserved] = await tx
      .update(launchpadProjects)
      .set({ remaining: sql`${launchpadProjects.remaining} - ${tokens.toFixed()}` })
      .where(and(eq(launchpadProjects.id, projectId), gte(launchpadProjects.remaining, tokens.toFixed())))
      .returning();
    if (!reserved) throw fieldError("amount", "earn.sold_out");
    const [row] = await tx
      .insert(launchpadSubscriptions)
      .values({ projectId, userId, paid: paid.toFixed(), tokens: tokens.toFixed() })
      .returning();
    if (!row) throw new Error("subscription not recorded");
    await post(
      tx,
      {
        kind: "launchpad_subscribe",
        ref: { type: "launchpad", id: row.id },
        postings: transfer({ user: userId, wallet: "spot" }, { platform: "launchpad" }, "USDT", paid),
      },
      { insufficientKey: "wallet.insufficient" },
    );
    return row;
  });
}

/**
 * Delivers an ended project's tokens: each subscription's USDT goes from the launchpad account
 * to the counterparty (the sale's proceeds) and its tokens to the customer's spot wallet. Each
 * subscription is delivered once; running it again delivers nothing more.
 */
export async function distribute(db: Db, projectId: number, now = Date.now()) {
  const project = await requireProject(db, projectId);
  if (statusOf(project, now) !== "ended") throw new ApiError(409, "earn.launch_not_ended");
  await listCoin(db, { code: project.token, name: project.name, decimals: 8 });
  const pending = await db
    .select()
    .from(launchpadSubscriptions)
    .where(
      and(eq(launchpadSubscriptions.projectId, projectId), eq(launchpadSubscriptions.status, "subscribed")),
    );
  let delivered = 0;
  for (const s of pending) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(launchpadSubscriptions)
        .set({ status: "delivered", deliveredAt: new Date(now) })
        .where(and(eq(launchpadSubscriptions.id, s.id), eq(launchpadSubscriptions.status, "subscribed")))
        .returning();
      if (!row) return;
      const postings: Posting[] = [
        ...transfer({ platform: "launchpad" }, { platform: "counterparty" }, "USDT", row.paid),
        ...transfer(
          { platform: "counterparty" },
          { user: row.userId, wallet: "spot" },
          project.token,
          row.tokens,
        ),
      ];
      await post(tx, { kind: "launchpad_delivery", ref: { type: "launchpad", id: row.id }, postings });
      await postMessage(tx, row.userId, "launchpad_delivered", {
        amount: D(row.tokens).toFixed(),
        coin: project.token,
      });
      delivered++;
    });
  }
  await db
    .update(launchpadProjects)
    .set({ deliveredAt: new Date(now) })
    .where(eq(launchpadProjects.id, projectId));
  return delivered;
}

/** The USDT the platform holds for a customer's subscriptions not delivered yet. */
export async function undeliveredUsdt(db: Db, userId: number) {
  const [row] = await db
    .select({ amount: sql<string | null>`sum(${launchpadSubscriptions.paid})::text` })
    .from(launchpadSubscriptions)
    .where(and(eq(launchpadSubscriptions.userId, userId), eq(launchpadSubscriptions.status, "subscribed")));
  return row?.amount ? [{ coin: "USDT", amount: row.amount }] : [];
}

export async function mySubscriptions(db: Db, userId: number) {
  return db
    .select({ sub: launchpadSubscriptions, project: launchpadProjects })
    .from(launchpadSubscriptions)
    .innerJoin(launchpadProjects, eq(launchpadProjects.id, launchpadSubscriptions.projectId))
    .where(eq(launchpadSubscriptions.userId, userId))
    .orderBy(desc(launchpadSubscriptions.id));
}
