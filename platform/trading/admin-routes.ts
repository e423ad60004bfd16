import { z } from "zod";
import { adminInstrumentBody, adminRows } from "../contract/admin.ts";
import type { Api } from "../http/app.ts";
import { CONSOLE_DESCRIPTION, CONSOLE_TAGS, type Console } from "../http/console.ts";
import { listAllInstruments, updateInstrument } from "./admin.ts";

/**
 * The console's instrument calls (listing and trading terms), mounted by the console (admin),
 * which hands in the operator's check and the audit writer.
 */
export function tradingAdminRoutes(api: Api, admin: Console) {
  // --- Instruments ---
  api.route(
    {
      method: "get",
      path: "/admin/instruments",
      tags: CONSOLE_TAGS,
      summary: "Every instrument, paused ones too, with its precision, maximum leverage and fees",
      description: CONSOLE_DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await admin.operator(c, "read");
      return listAllInstruments(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/instruments/update",
      tags: CONSOLE_TAGS,
      summary:
        "Pauses or resumes an instrument and sets its price precision, maximum leverage and fees (operator)",
      description: `${CONSOLE_DESCRIPTION}A paused instrument leaves the market lists at once and refuses new orders; fees and leverage apply to new orders.`,
      body: adminInstrumentBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await updateInstrument(d.db, by, body.code, body);
      setMessage("admin.done");
      return row;
    },
  );
}
