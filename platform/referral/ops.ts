import { uidOf } from "../contract/identity.ts";
import { registerOps, table } from "../ops/registry.ts";
import { createAgentCodes, formatAgentCode, listAgentCodes } from "./service.ts";

registerOps(
  {
    path: ["agent", "code", "create"],
    usage: "agent code create [--count N]",
    summary: "Issues agent authorization codes (single use; 1 unless --count, at most 100).",
    valueOptions: ["count"],
    async run({ db, operator }, { options }) {
      const raw = options.count === undefined ? "1" : String(options.count);
      const count = Number(raw);
      if (!/^\d+$/.test(raw) || count < 1 || count > 100) {
        return { ok: false, output: `--count must be a whole number from 1 to 100 (got ${raw})` };
      }
      const codes = await createAgentCodes(db, count, operator);
      return {
        ok: true,
        output: [
          `${codes.length} agent authorization code(s), each usable once:`,
          ...codes.map(formatAgentCode),
        ].join("\n"),
      };
    },
  },
  {
    path: ["agent", "code", "list"],
    usage: "agent code list [--unused]",
    summary: "Lists agent authorization codes: who issued each, and who used it when.",
    async run({ db }, { options }) {
      const rows = await listAgentCodes(db, { unusedOnly: options.unused === true });
      return {
        ok: true,
        output: table(
          rows.map((r) => ({
            code: formatAgentCode(r.code),
            created: r.createdAt.toISOString(),
            by: r.createdBy,
            used_by: r.usedBy === null ? "" : uidOf(r.usedBy),
            used_at: r.usedAt?.toISOString() ?? "",
          })),
        ),
      };
    },
  },
);
