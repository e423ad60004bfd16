import { z } from "zod";
import { adminRows, adminTimedProductBody } from "../contract/admin.ts";
import type { Api } from "../http/app.ts";
import { CONSOLE_DESCRIPTION, CONSOLE_TAGS, type Console } from "../http/console.ts";
import { listTimedProducts, updateTimedProduct } from "./admin.ts";

/**
 * The console's timed-contract calls, mounted by the console (admin), which hands in the
 * operator's check and the audit writer.
 */
export function optionsAdminRoutes(api: Api, admin: Console) {
  // --- Timed contracts ---
  api.route(
    {
      method: "get",
      path: "/admin/timed-products",
      tags: CONSOLE_TAGS,
      summary: "Every timed contract, closed ones too, with its odds, fee rate, bet limits and order",
      description: CONSOLE_DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await admin.operator(c, "read");
      return listTimedProducts(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/timed-products/update",
      tags: CONSOLE_TAGS,
      summary: "Sets a timed contract's odds, fee rate, bet limits, open or closed, and order (operator)",
      description: `${CONSOLE_DESCRIPTION}A bet keeps the odds it was placed at: a change applies to new bets only.`,
      body: adminTimedProductBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await updateTimedProduct(d.db, by, body.id, body);
      setMessage("admin.done");
      return row;
    },
  );
}
