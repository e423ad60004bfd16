import type { Db } from "../db/client.ts";
import { instrumentStatuses } from "../market/index.ts";
import { tradingParams } from "./tables.ts";

const MAJORS = new Set(["btc/usdt", "eth/usdt"]);

/** Quantity step per coin, so an order of the smallest step is worth roughly a few cents to a dollar. */
const STEP: Record<string, string> = {
  "btc/usdt": "0.0001",
  "eth/usdt": "0.001",
  "bch/usdt": "0.001",
  "ltc/usdt": "0.01",
  "dash/usdt": "0.01",
  "sol/usdt": "0.01",
  "bsv/usdt": "0.01",
  "etc/usdt": "0.01",
  "atom/usdt": "0.01",
  "dot/usdt": "0.1",
  "eos/usdt": "1",
  "xrp/usdt": "1",
  "ada/usdt": "1",
  "trx/usdt": "1",
  "xlm/usdt": "1",
  "ht/usdt": "1",
  "pepe/usdt": "100000",
};

/**
 * The fee schedule and risk terms the help articles describe: contracts 0.02 % maker / 0.05 %
 * taker, spot 0.1 %; up to 100x on BTC and ETH (maintenance 0.5 %), 50x elsewhere (1 %).
 */
export async function seedTradingParams(db: Db) {
  const listed = await instrumentStatuses(db);
  if (listed.length === 0) return;
  await db
    .insert(tradingParams)
    .values(
      listed.map(({ code }) => ({
        code,
        maxLeverage: MAJORS.has(code) ? 100 : 50,
        maintenanceRate: MAJORS.has(code) ? "0.005" : "0.01",
        makerFee: "0.0002",
        takerFee: "0.0005",
        spotFee: "0.001",
        minQuantity: STEP[code] ?? "0.01",
        quantityStep: STEP[code] ?? "0.01",
      })),
    )
    .onConflictDoNothing();
}
