import Decimal from "decimal.js";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { auditLedger } from "../ledger/audit.ts";
import { post, transfer } from "../ledger/ledger.ts";
import { subscribe } from "./launchpad.ts";
import { exitParticipation, participate } from "./service.ts";
import { earnParticipations, earnProducts, launchpadProjects, launchpadSubscriptions } from "./tables.ts";

/**
 * Per-customer limits hold under parallel requests. On PostgreSQL (TEST_DATABASE_URL) the
 * requests really run at once, on separate connections; on PGlite they take turns.
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({}, { jobs: false });
});
afterEach(async () => expect((await auditLedger(db())).findings).toEqual([]));
afterAll(() => t?.close());

const db = () => t.platform.deps.db;

async function saver(amount = "100000") {
  const { user } = await registerByEmail(t);
  await db().transaction((tx) =>
    post(tx, {
      kind: "deposit",
      postings: transfer({ platform: "deposits" }, { user: user.id, wallet: "spot" }, "USDT", amount),
    }),
  );
  return user.id as number;
}
const settled = <T>(all: Promise<T>[]) => Promise.allSettled(all);

describe("the launchpad's per-customer maximum", () => {
  it("holds when one customer subscribes many times at once", async () => {
    const [project] = await db().select().from(launchpadProjects).where(eq(launchpadProjects.token, "BCN"));
    if (!project) throw new Error("no project");
    const user = await saver();
    // maximum 5000 USDT per customer: 12 parallel subscriptions of 1000.
    const results = await settled(
      Array.from({ length: 12 }, () => subscribe(db(), user, project.id, "1000")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const [mine] = await db()
      .select({ total: sql<string>`sum(${launchpadSubscriptions.paid})::text` })
      .from(launchpadSubscriptions)
      .where(and(eq(launchpadSubscriptions.userId, user), eq(launchpadSubscriptions.projectId, project.id)));
    expect(new Decimal(mine?.total ?? 0).toFixed()).toBe("5000");
  });
});

describe("a pool's maximum purchase", () => {
  it("counts the customer's open participations, not each order alone", async () => {
    const user = await saver();
    const [pool] = await db().select().from(earnProducts).where(eq(earnProducts.nameKey, "usdt_mining"));
    if (!pool) throw new Error("no pool");
    const first = await participate(db(), user, pool.id, "30000");
    await expect(participate(db(), user, pool.id, "30000")).rejects.toMatchObject({
      messageKey: "earn.above_maximum_held",
      options: { errors: { amount: ["earn.above_maximum_held?maximum=50000&held=30000"] } },
    });
    await participate(db(), user, pool.id, "20000");
    // Leaving frees the room again.
    await exitParticipation(db(), user, first.id);
    await participate(db(), user, pool.id, "30000");
  });

  it("holds when one customer joins many times at once", async () => {
    const user = await saver();
    const [pool] = await db().select().from(earnProducts).where(eq(earnProducts.nameKey, "usdt_mining"));
    if (!pool) throw new Error("no pool");
    const results = await settled(
      Array.from({ length: 10 }, () => participate(db(), user, pool.id, "10000")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const [held] = await db()
      .select({ total: sql<string>`sum(${earnParticipations.amount})::text` })
      .from(earnParticipations)
      .where(and(eq(earnParticipations.userId, user), eq(earnParticipations.status, "participating")));
    expect(new Decimal(held?.total ?? 0).toFixed()).toBe("50000");
  });
});
