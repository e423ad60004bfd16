import { z } from "zod";
import type { Api } from "../http/app.ts";
import { latestSnapshot, proofFor, snapshotHistory } from "./service.ts";
import type { reserveSnapshots } from "./tables.ts";

const balances = z.record(z.string(), z.string());
const snapshotSchema = z
  .object({
    id: z.number().int(),
    root_hash: z.string(),
    totals: balances,
    customers: z.number().int(),
    published_at: z.string(),
  })
  .meta({ id: "ReserveSnapshot" });
const stepSchema = z.object({ side: z.enum(["left", "right"]), hash: z.string(), sums: balances });

const view = (s: typeof reserveSnapshots.$inferSelect) => ({
  id: s.id,
  root_hash: s.rootHash,
  totals: s.totals,
  customers: s.customers,
  published_at: s.createdAt.toISOString(),
});

export function reserveRoutes(api: Api) {
  const { db } = api.deps;
  const tags = ["Proof of reserves"];
  api.route(
    {
      method: "get",
      path: "/reserves",
      tags,
      summary: "The newest published root of the customers' balances (Merkle sum tree) and earlier ones",
      description:
        "Anyone can read it. Each customer can fetch their own leaf and path (/reserves/proof) and recompute this root; see scripts/verify-reserves.ts.",
      response: z.object({ latest: snapshotSchema.nullable(), history: z.array(snapshotSchema) }),
    },
    async () => {
      const [latest, history] = await Promise.all([latestSnapshot(db), snapshotHistory(db)]);
      return { latest: latest ? view(latest) : null, history: history.map(view) };
    },
  );
  api.route(
    {
      method: "get",
      path: "/reserves/proof",
      tags,
      summary: "My leaf in the newest snapshot (uid, nonce, balances) and its path to the root",
      auth: "required",
      response: z.object({
        snapshot: z.number().int(),
        uid: z.string(),
        nonce: z.string(),
        balances,
        path: z.array(stepSchema),
        root: z.object({ hash: z.string(), totals: balances }),
      }),
    },
    (_input, { user }) => proofFor(db, user.id),
  );
}
