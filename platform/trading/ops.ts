import { audit } from "../admin/index.ts";
import { adminInstrumentBody } from "../contract/admin.ts";
import { registerOps } from "../ops/registry.ts";
import { listAllInstruments, updateInstrument } from "./admin.ts";
import { replaySpotLog } from "./engine/replay.ts";

registerOps({
  path: ["engine", "replay"],
  usage: "engine replay",
  summary:
    "Replays the matching engine's log (spot and contract books) into a fresh engine and compares every trade, order and balance movement with what is stored; exits non-zero, naming each difference.",
  async run({ db }) {
    const report = await replaySpotLog(db);
    const shown = report.differences.slice(0, 50);
    const more = report.differences.length - shown.length;
    const output = [
      `${report.batches} batches, ${report.trades} trades, ${report.closes} closes replayed: ${report.differences.length === 0 ? "identical" : `${report.differences.length} differences`}`,
      ...shown,
      ...(more > 0 ? [`… and ${more} more`] : []),
    ].join("\n");
    return { ok: report.differences.length === 0, output };
  },
});

registerOps({
  path: ["instrument", "liquidity"],
  usage: "instrument liquidity CODE [--spread FRACTION] [--max-size AMOUNT|none]",
  summary:
    "Sets how far outside the reference feed the platform's liquidity quotes a market (e.g. 0.001 = 0.1 %) and the most it shows per level; the same change, with the same checks and audit row, as the console's Instruments screen.",
  valueOptions: ["spread", "max-size"],
  async run({ db, config, operator }, { positionals, options }) {
    const code = positionals[0]?.toLowerCase();
    const now = (await listAllInstruments(db)).find((i) => i.code === code);
    if (!now) return { ok: false, output: `No instrument ${positionals[0] ?? "(none given)"}.` };
    if (now.max_leverage === null) return { ok: false, output: `${now.code} has no trading terms.` };
    const spread = typeof options.spread === "string" ? options.spread : now.liquidity_spread;
    const size = options["max-size"];
    const parsed = adminInstrumentBody.safeParse({
      ...now,
      price_precision: String(now.price_precision),
      max_leverage: String(now.max_leverage),
      liquidity_spread: spread,
      liquidity_max_size: typeof size === "string" ? (size === "none" ? "" : size) : now.liquidity_max_size,
    });
    if (!parsed.success)
      return {
        ok: false,
        output:
          "--spread takes a fraction from 0 to 0.1, --max-size a positive amount of the base coin or none.",
      };
    const by = { email: `cli:${operator}`, record: audit };
    const row = await updateInstrument(db, by, parsed.data.code, parsed.data, config.marketPriceBand);
    return {
      ok: true,
      output: `${row.code}: liquidity spread ${row.liquidity_spread}, size cap ${row.liquidity_max_size || "none"}.`,
    };
  },
});
