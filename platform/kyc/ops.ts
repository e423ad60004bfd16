import { uidOf } from "../contract/identity.ts";
import { ADMIN_KYC_STATUSES, KYC_APPLICATION_STATES } from "../contract/kyc-states.ts";
import { contactsOf, findCustomer } from "../identity/index.ts";
import type { OpsResult } from "../ops/registry.ts";
import { registerOps, table } from "../ops/registry.ts";
import { locateUpload, uploadStore } from "../uploads/index.ts";
import {
  type Application,
  decideApplication,
  getApplication,
  KycDecisionError,
  listApplications,
} from "./service.ts";

const LEVELS = ["primary", "advanced"] as const;

const idOf = (word: string | undefined) => (word && /^\d{1,9}$/.test(word) ? Number(word) : undefined);

async function rowsFor(db: Parameters<typeof listApplications>[0], list: Application[]) {
  const ids = [...new Set(list.map((a) => a.userId))];
  const owners = await contactsOf(db, ids);
  return list.map((a) => {
    const owner = owners.find((o) => o.id === a.userId);
    return {
      id: a.id,
      uid: uidOf(a.userId),
      account: owner?.email ?? owner?.phone ?? "",
      level: a.level,
      status: a.status,
      name: a.realName ?? "",
      country: a.country ?? "",
      document: a.documentType ? `${a.documentType} ${a.idNumber ?? ""}` : "",
      submitted: a.submittedAt.toISOString(),
      decided_by: a.decidedBy ?? "",
      decided_at: a.decidedAt?.toISOString() ?? "",
      reason: a.reason ?? "",
    };
  });
}

function decided(row: Application, operator: string): OpsResult {
  return {
    ok: true,
    output: `Application ${row.id} (${row.level}, uid ${uidOf(row.userId)}) is now ${row.status}, by ${operator} at ${row.decidedAt?.toISOString()}.`,
  };
}

registerOps(
  {
    path: ["kyc", "list"],
    usage:
      "kyc list [--status pending|authenticated|rejected|all] [--level primary|advanced] [--user <email|uid>]",
    summary: "Lists identity verifications, newest first (pending ones by default).",
    valueOptions: ["status", "level", "user", "limit"],
    async run({ db }, { options }) {
      const status = typeof options.status === "string" ? options.status : "pending";
      if (status !== "all" && !(KYC_APPLICATION_STATES as readonly string[]).includes(status)) {
        return { ok: false, output: `--status must be one of ${ADMIN_KYC_STATUSES.join(", ")}` };
      }
      const level = typeof options.level === "string" ? options.level : undefined;
      if (level && !(LEVELS as readonly string[]).includes(level)) {
        return { ok: false, output: `--level must be primary or advanced` };
      }
      let list = await listApplications(db, {
        status: status === "all" ? undefined : (status as Application["status"]),
        level: level as Application["level"] | undefined,
        limit: Math.min(500, Number(options.limit) || 100),
      });
      if (typeof options.user === "string") {
        const user = await findCustomer(db, options.user);
        if (!user) return { ok: false, output: `No customer matches ${options.user}` };
        list = list.filter((a) => a.userId === user.id);
      }
      return { ok: true, output: table(await rowsFor(db, list)) };
    },
  },
  {
    path: ["kyc", "show"],
    usage: "kyc show <id>",
    summary: "Shows one verification with its history fields and where its document images are stored.",
    async run({ db, config }, { positionals }) {
      const id = idOf(positionals[0]);
      const row = id ? await getApplication(db, id) : undefined;
      if (!row) return { ok: false, output: `No application ${positionals[0] ?? ""}`.trim() };
      const lines = [table(await rowsFor(db, [row]))];
      for (const [label, uploadId] of [
        ["front", row.frontUploadId],
        ["back", row.backUploadId],
        ["holding", row.holdingUploadId],
      ] as const) {
        if (!uploadId) continue;
        const file = await locateUpload(db, uploadStore(config), uploadId, { operator: "cli" });
        lines.push(`${label}: ${file.path} (${file.contentType}, ${file.size} bytes, sha256 ${file.sha256})`);
      }
      return { ok: true, output: lines.join("\n") };
    },
  },
  {
    path: ["kyc", "approve"],
    usage: "kyc approve <id>",
    summary: "Approves a pending verification; the user is told in the message centre.",
    async run({ db, operator }, { positionals }) {
      const id = idOf(positionals[0]);
      if (!id) return { ok: false, output: "Which application? Give its id (see kyc list)." };
      try {
        return decided(await decideApplication(db, id, { approve: true }, operator), operator);
      } catch (error) {
        if (error instanceof KycDecisionError) return { ok: false, output: `Not approved: ${error.message}` };
        throw error;
      }
    },
  },
  {
    path: ["kyc", "reject"],
    usage: 'kyc reject <id> --reason "…"',
    summary: "Rejects a pending verification with the reason the user will read; they may submit again.",
    valueOptions: ["reason"],
    async run({ db, operator }, { positionals, options }) {
      const id = idOf(positionals[0]);
      if (!id) return { ok: false, output: "Which application? Give its id (see kyc list)." };
      const reason = typeof options.reason === "string" ? options.reason.trim() : "";
      if (!reason) return { ok: false, output: 'A rejection needs --reason "…" (the user reads it).' };
      if (reason.length > 500) return { ok: false, output: "Keep the reason under 500 characters." };
      try {
        return decided(await decideApplication(db, id, { approve: false, reason }, operator), operator);
      } catch (error) {
        if (error instanceof KycDecisionError) return { ok: false, output: `Not rejected: ${error.message}` };
        throw error;
      }
    },
  },
);
