import type { Db } from "../db/client.ts";
import { earnProducts, launchpadProjects } from "./tables.ts";

const DAY = 86_400_000;

// A sensible shelf: flexible and locked products in the main coins; rates per day.
const PRODUCTS = [
  {
    kind: "mining",
    coin: "USDT",
    nameKey: "usdt_mining",
    dailyRate: "0.003",
    pool: "5000000",
    min: "100",
    max: "50000",
    lockDays: 0,
    penalty: "0",
  },
  {
    kind: "mining",
    coin: "BTC",
    nameKey: "btc_mining",
    dailyRate: "0.0015",
    pool: "50",
    min: "0.001",
    max: "2",
    lockDays: 0,
    penalty: "0",
  },
  {
    kind: "mining",
    coin: "ETH",
    nameKey: "eth_mining",
    dailyRate: "0.002",
    pool: "800",
    min: "0.01",
    max: "30",
    lockDays: 0,
    penalty: "0",
  },
  {
    kind: "staking",
    coin: "USDT",
    nameKey: "usdt_staking_30",
    dailyRate: "0.005",
    pool: "2000000",
    min: "500",
    max: "100000",
    lockDays: 30,
    penalty: "0.02",
  },
  {
    kind: "staking",
    coin: "ETH",
    nameKey: "eth_staking_60",
    dailyRate: "0.0035",
    pool: "500",
    min: "0.1",
    max: "50",
    lockDays: 60,
    penalty: "0.02",
  },
  {
    kind: "lockup",
    coin: "USDT",
    nameKey: "usdt_lockup_90",
    dailyRate: "0.008",
    pool: "1000000",
    min: "1000",
    max: "200000",
    lockDays: 90,
    penalty: "0.05",
  },
  {
    kind: "lockup",
    coin: "BTC",
    nameKey: "btc_lockup_180",
    dailyRate: "0.004",
    pool: "20",
    min: "0.01",
    max: "5",
    lockDays: 180,
    penalty: "0.05",
  },
] as const;

export async function seedEarn(db: Db, now = Date.now()) {
  await db
    .insert(earnProducts)
    .values(
      PRODUCTS.map((p, i) => ({
        kind: p.kind,
        coin: p.coin,
        nameKey: p.nameKey,
        dailyRate: p.dailyRate,
        poolTotal: p.pool,
        poolRemaining: p.pool,
        minPurchase: p.min,
        maxPurchase: p.max,
        lockDays: p.lockDays,
        earlyExitPenalty: p.penalty,
        sort: i,
      })),
    )
    .onConflictDoNothing();
  const existing = await db.select({ id: launchpadProjects.id }).from(launchpadProjects).limit(1);
  if (existing.length > 0) return;
  await db.insert(launchpadProjects).values([
    {
      token: "BCN",
      name: "Beacon Token",
      descriptionKey: "bcn",
      price: "0.05",
      totalSupply: "20000000",
      remaining: "20000000",
      minPerUser: "10",
      maxPerUser: "5000",
      startsAt: new Date(now - DAY),
      endsAt: new Date(now + 14 * DAY),
    },
    {
      token: "LUMA",
      name: "Lumen Network",
      descriptionKey: "luma",
      price: "0.2",
      totalSupply: "5000000",
      remaining: "5000000",
      minPerUser: "20",
      maxPerUser: "2000",
      startsAt: new Date(now + 7 * DAY),
      endsAt: new Date(now + 21 * DAY),
    },
  ]);
}
