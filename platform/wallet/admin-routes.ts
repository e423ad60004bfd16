import { z } from "zod";
import { adminNetworkBody, adminRows } from "../contract/admin.ts";
import type { Api } from "../http/app.ts";
import { CONSOLE_DESCRIPTION, CONSOLE_TAGS, type Console } from "../http/console.ts";
import { listNetworks, updateNetwork } from "./admin.ts";

/**
 * The console's deposit-network calls (deposits and withdrawals on or off, minimums, withdrawal
 * fee), mounted by the console (admin), which hands in the operator's check and the audit writer.
 */
export function walletAdminRoutes(api: Api, admin: Console) {
  // --- Deposit networks and withdrawal fees ---
  api.route(
    {
      method: "get",
      path: "/admin/networks",
      tags: CONSOLE_TAGS,
      summary: "Every coin's networks: deposits and withdrawals on or off, minimums, withdrawal fee",
      description: CONSOLE_DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await admin.operator(c, "read");
      return listNetworks(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/networks/update",
      tags: CONSOLE_TAGS,
      summary:
        "Opens or pauses a network's deposits and withdrawals and sets its minimums and withdrawal fee (operator)",
      description: CONSOLE_DESCRIPTION,
      body: adminNetworkBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await updateNetwork(d.db, by, body, body);
      setMessage("admin.done");
      return row;
    },
  );
}
