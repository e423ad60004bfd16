import { z } from "zod";
import { adminInstrumentBody, adminRows } from "../contract/admin.ts";
import type { Console } from "../http/console.ts";
import { listAllInstruments, updateInstrument } from "./admin.ts";

/**
 * The console's instrument calls (listing and trading terms), mounted by the console (admin),
 * which hands in the operator's check and the audit writer.
 */
export function tradingAdminRoutes(admin: Console) {
  // --- Instruments ---
  admin.route(
    {
      method: "get",
      path: "/admin/instruments",
      summary: "Every instrument, paused ones too, with its precision, maximum leverage and fees",
      permission: "read",
      response: adminRows,
    },
    (_input, { deps: d }) => listAllInstruments(d.db),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/instruments/update",
      summary:
        "Pauses or resumes an instrument and sets its price precision, maximum leverage and fees (operator)",
      description:
        "A paused instrument leaves the market lists at once and refuses new orders; fees and leverage apply to new orders.",
      permission: "products",
      done: "admin.done",
      body: adminInstrumentBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) => updateInstrument(d.db, by, body.code, body, d.config.marketPriceBand),
  );
}
