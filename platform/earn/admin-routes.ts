import { z } from "zod";
import { adminFortuneBody, adminLaunchpadBody, adminProductBody, adminRows } from "../contract/admin.ts";
import type { Api } from "../http/app.ts";
import { CONSOLE_DESCRIPTION, CONSOLE_TAGS, type Console } from "../http/console.ts";
import {
  listAllProducts,
  listLaunchpad,
  showFortune,
  updateFortune,
  updateLaunchpad,
  updateProduct,
} from "./admin.ts";

/**
 * The console's earn calls (pools and products, the daily-interest wallet, launchpad projects),
 * mounted by the console (admin), which hands in the operator's check and the audit writer.
 */
export function earnAdminRoutes(api: Api, admin: Console) {
  api.route(
    {
      method: "get",
      path: "/admin/products",
      tags: CONSOLE_TAGS,
      summary: "Mining pools, staking and lock-up products, paused and ended ones too",
      description: CONSOLE_DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await admin.operator(c, "read");
      return listAllProducts(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/products/update",
      tags: CONSOLE_TAGS,
      summary: "Sets a product's daily rate and status (operator); running participations keep their rate",
      description: CONSOLE_DESCRIPTION,
      body: adminProductBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await updateProduct(d.db, by, body.id, { dailyRate: body.daily_rate, status: body.status });
      setMessage("admin.done");
      return row;
    },
  );

  // --- Daily-interest wallet and launchpad ---
  api.route(
    {
      method: "get",
      path: "/admin/fortune",
      tags: CONSOLE_TAGS,
      summary: "The daily-interest wallet's daily rate and first-participation reward",
      description: CONSOLE_DESCRIPTION,
      response: z.object({ daily_rate: z.string(), first_reward: z.string(), coin: z.string() }),
    },
    async (_input, { c, deps: d }) => {
      await admin.operator(c, "read");
      return showFortune(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/fortune/update",
      tags: CONSOLE_TAGS,
      summary: "Sets the daily-interest wallet's daily rate and first-participation reward (operator)",
      description: `${CONSOLE_DESCRIPTION}The same change as \`npm run ops -- earn fortune\`; it applies from the next payment.`,
      body: adminFortuneBody,
      response: z.object({ daily_rate: z.string(), first_reward: z.string(), coin: z.string() }),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await updateFortune(d.db, by, body);
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "get",
      path: "/admin/launchpad",
      tags: CONSOLE_TAGS,
      summary: "Launchpad projects: status, price, supply, per-customer limits and dates",
      description: CONSOLE_DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await admin.operator(c, "read");
      return listLaunchpad(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/launchpad/update",
      tags: CONSOLE_TAGS,
      summary: "Sets a launchpad project's price, supply, per-customer limits and dates (operator)",
      description: `${CONSOLE_DESCRIPTION}Subscriptions already made keep their tokens; the supply cannot go below what is sold; a delivered project cannot change (409).`,
      body: adminLaunchpadBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await updateLaunchpad(d.db, by, body.id, body);
      setMessage("admin.done");
      return row;
    },
  );
}
