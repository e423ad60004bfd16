import { registerOps, table } from "../ops/registry.ts";
import { auditLedger, formatAudit, ledgerTotals } from "./audit.ts";

registerOps(
  {
    path: ["audit"],
    usage: "audit",
    summary: "Checks every ledger invariant; exits non-zero, naming what is wrong, when one fails.",
    async run({ db }) {
      const report = await auditLedger(db, { record: true });
      return { ok: report.ok, output: formatAudit(report) };
    },
  },
  {
    path: ["ledger", "totals"],
    usage: "ledger totals",
    summary: "Totals per coin by account kind (customers' wallets and the platform's accounts).",
    async run({ db }) {
      return { ok: true, output: table(await ledgerTotals(db)) };
    },
  },
);
