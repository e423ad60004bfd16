import Decimal from "decimal.js";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { auditLog } from "../admin/tables.ts";
import { auditLedger } from "../ledger/audit.ts";
import { balanceOf, post, transfer } from "../ledger/ledger.ts";
import { runOps } from "../ops/registry.ts";
import { earnDaily, exitParticipation, participate, payProductIncome } from "./service.ts";
import { earnIncome, earnParticipations, earnProducts } from "./tables.ts";

/**
 * Pools, staking and lock-up income on a controllable clock: each test picks its own times (far
 * from today, so the wall clock never matters) and runs the real daily job at them.
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({}, { jobs: false });
});
afterEach(async () => expect((await auditLedger(db())).findings).toEqual([]));
afterAll(() => t?.close());

const db = () => t.platform.deps.db;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

async function saver(coin = "USDT", amount = "100000") {
  const account = await registerByEmail(t);
  await db().transaction((tx) =>
    post(tx, {
      kind: "deposit",
      postings: transfer({ platform: "deposits" }, { user: account.user.id, wallet: "spot" }, coin, amount),
    }),
  );
  return account.user.id as number;
}
const productByKey = async (key: string) =>
  (
    await db().select().from(earnProducts).where(eq(earnProducts.nameKey, key))
  )[0] as typeof earnProducts.$inferSelect;
const incomeOf = async (participationId: number) =>
  (await db().select().from(earnIncome).where(eq(earnIncome.participationId, participationId)))
    .reduce((sum, r) => sum.plus(r.amount), new Decimal(0))
    .toFixed();
const participation = async (id: number) =>
  (await db().select().from(earnParticipations).where(eq(earnParticipations.id, id)))[0];

describe("two participations of one customer", () => {
  it("each earn their own income every day", async () => {
    const user = await saver();
    const pool = await productByKey("usdt_mining");
    const joined = at("2024-03-05T10:00:00Z");
    const a = await participate(db(), user, pool.id, "100", joined);
    const b = await participate(db(), user, pool.id, "100", joined + HOUR);
    // 0.3 % a day on each 100: 0.3 + 0.3 for 6 March.
    await payProductIncome(db(), "2024-03-06");
    expect([await incomeOf(a.id), await incomeOf(b.id)]).toEqual(["0.3", "0.3"]);
    expect((await balanceOf(db(), user, "spot", "USDT")).available.toFixed()).toBe("99800.6");
  });

  it("are paid every missed day by the operator's one-off catch-up, once, and it is audited", async () => {
    const user = await saver();
    const pool = await productByKey("usdt_mining");
    const a = await participate(db(), user, pool.id, "200", at("2024-01-10T08:00:00Z"));
    const b = await participate(db(), user, pool.id, "300", at("2024-01-10T09:00:00Z"));
    // Days 11–14 January were paid to one of the two only (the old unique index skipped the other).
    for (const day of ["2024-01-11", "2024-01-12", "2024-01-13", "2024-01-14"])
      await payProductIncome(db(), day);
    await db().delete(earnIncome).where(eq(earnIncome.participationId, b.id));
    await db().update(earnParticipations).set({ income: "0" }).where(eq(earnParticipations.id, b.id));
    await exitParticipation(db(), user, b.id, at("2024-01-15T12:00:00Z"));
    const catchUp = () =>
      runOps(t.platform.deps, ["earn", "catch-up", "--through", "2024-01-14"], "ops@test");
    const first = await catchUp();
    expect(first.ok).toBe(true);
    // b held 11–14 January in full: 4 days × 0.9; a was paid already.
    expect(await incomeOf(b.id)).toBe("3.6");
    expect(await incomeOf(a.id)).toBe("2.4");
    expect((await participation(b.id))?.income).toBe("3.600000000000000000");
    await catchUp();
    expect(await incomeOf(b.id)).toBe("3.6");
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "earn.catch_up"));
    expect(audits).toHaveLength(2);
    expect(audits[0]?.operator).toBe("ops@test");
  });
});

describe("a locked product", () => {
  it("pays exactly its lock length in days, from the day after joining", async () => {
    const user = await saver("USDT", "10000");
    const lock = await productByKey("usdt_staking_30");
    const joined = at("2024-05-01T10:00:00Z");
    const row = await participate(db(), user, lock.id, "10000", joined);
    // The job runs every ten minutes; here, every thirteen hours for 33 days (at shifting times of day).
    for (let now = joined; now <= joined + 33 * DAY; now += 13 * HOUR) await earnDaily(db(), now);
    // 10,000 × 0.5 % × 30 days.
    expect(await incomeOf(row.id)).toBe("1500");
    const after = await participation(row.id);
    expect(after?.status).toBe("exited");
    expect(new Decimal(after?.penalty ?? 1).isZero()).toBe(true);
    expect((await balanceOf(db(), user, "spot", "USDT")).available.toFixed()).toBe("11500");
  }, 120_000);

  it("stops earning at maturity however long the job was down, and ends at its maturity time", async () => {
    const user = await saver("USDT", "10000");
    const lock = await productByKey("usdt_staking_30");
    const joined = at("2024-07-01T15:30:00Z");
    const row = await participate(db(), user, lock.id, "1000", joined);
    // The job ran daily for five days, then not for 40 days.
    for (let day = 1; day <= 5; day++) await earnDaily(db(), joined + day * DAY);
    await earnDaily(db(), joined + 45 * DAY);
    expect(await incomeOf(row.id)).toBe("150");
    const after = await participation(row.id);
    expect(after?.status).toBe("exited");
    expect(after?.exitedAt?.getTime()).toBe(after?.endsAt?.getTime());
    expect(after?.endsAt?.toISOString()).toBe("2024-08-01T00:00:00.000Z");
  });
});
