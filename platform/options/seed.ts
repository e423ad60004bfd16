import type { Db } from "../db/client.ts";
import { optionProducts } from "./tables.ts";

// Longer rounds pay better; a 1 % fee on each bet; 10 to 10,000 USDT.
const PERIODS = [
  { seconds: 60, odds: "0.80" },
  { seconds: 120, odds: "0.85" },
  { seconds: 300, odds: "0.90" },
  { seconds: 600, odds: "0.95" },
];
const CODES = ["btc/usdt", "eth/usdt"];

export async function seedOptionProducts(db: Db) {
  await db
    .insert(optionProducts)
    .values(
      CODES.flatMap((code, c) =>
        PERIODS.map((p, i) => ({
          code,
          periodSeconds: p.seconds,
          odds: p.odds,
          feeRate: "0.01",
          minAmount: "10",
          maxAmount: "10000",
          sort: c * 10 + i,
        })),
      ),
    )
    .onConflictDoNothing();
}
