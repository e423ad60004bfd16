import { z } from "zod";
import { adminRows, adminTimedProductBody } from "../contract/admin.ts";
import type { Console } from "../http/console.ts";
import { listTimedProducts, updateTimedProduct } from "./admin.ts";

/**
 * The console's timed-contract calls, mounted by the console (admin), which hands in the
 * operator's check and the audit writer.
 */
export function optionsAdminRoutes(admin: Console) {
  // --- Timed contracts ---
  admin.route(
    {
      method: "get",
      path: "/admin/timed-products",
      summary: "Every timed contract, closed ones too, with its odds, fee rate, bet limits and order",
      permission: "read",
      response: adminRows,
    },
    (_input, { deps: d }) => listTimedProducts(d.db),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/timed-products/update",
      summary: "Sets a timed contract's odds, fee rate, bet limits, open or closed, and order (operator)",
      description: "A bet keeps the odds it was placed at: a change applies to new bets only.",
      permission: "products",
      done: "admin.done",
      body: adminTimedProductBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) => updateTimedProduct(d.db, by, body.id, body),
  );
}
