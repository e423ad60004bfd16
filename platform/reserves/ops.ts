import { registerOps, table } from "../ops/registry.ts";
import { publishSnapshot, snapshotHistory } from "./service.ts";

registerOps(
  {
    path: ["reserves", "publish"],
    usage: "reserves publish",
    summary:
      "Publishes a proof of reserves now: a Merkle sum tree of every customer's balances (the daily job does it too).",
    async run({ db, operator }) {
      const s = await publishSnapshot(db, operator);
      const totals = Object.entries(s.totals)
        .map(([coin, amount]) => `${amount} ${coin}`)
        .join(", ");
      return {
        ok: true,
        output: `Snapshot ${s.id}: root ${s.rootHash}\n${s.customers} customer(s); owed ${totals || "nothing"}.`,
      };
    },
  },
  {
    path: ["reserves", "list"],
    usage: "reserves list",
    summary: "The published snapshots, newest first.",
    async run({ db }) {
      const rows = await snapshotHistory(db);
      return {
        ok: true,
        output: table(
          rows.map((s) => ({
            id: s.id,
            published: s.createdAt.toISOString(),
            by: s.publishedBy,
            customers: s.customers,
            root: s.rootHash,
          })),
        ),
      };
    },
  },
);
