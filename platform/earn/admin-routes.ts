import { z } from "zod";
import { adminFortuneBody, adminLaunchpadBody, adminProductBody, adminRows } from "../contract/admin.ts";
import type { Console } from "../http/console.ts";
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
export function earnAdminRoutes(admin: Console) {
  admin.route(
    {
      method: "get",
      path: "/admin/products",
      summary: "Mining pools, staking and lock-up products, paused and ended ones too",
      permission: "read",
      response: adminRows,
    },
    (_input, { deps: d }) => listAllProducts(d.db),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/products/update",
      summary: "Sets a product's daily rate and status (operator); running participations keep their rate",
      permission: "products",
      done: "admin.done",
      body: adminProductBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) =>
      updateProduct(d.db, by, body.id, { dailyRate: body.daily_rate, status: body.status }),
  );

  // --- Daily-interest wallet and launchpad ---
  admin.route(
    {
      method: "get",
      path: "/admin/fortune",
      summary: "The daily-interest wallet's daily rate and first-participation reward",
      permission: "read",
      response: z.object({ daily_rate: z.string(), first_reward: z.string(), coin: z.string() }),
    },
    (_input, { deps: d }) => showFortune(d.db),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/fortune/update",
      summary: "Sets the daily-interest wallet's daily rate and first-participation reward (operator)",
      description: "The same change as `npm run ops -- earn fortune`; it applies from the next payment.",
      permission: "products",
      done: "admin.done",
      body: adminFortuneBody,
      response: z.object({ daily_rate: z.string(), first_reward: z.string(), coin: z.string() }),
    },
    ({ body }, { deps: d, by }) => updateFortune(d.db, by, body),
  );
  admin.route(
    {
      method: "get",
      path: "/admin/launchpad",
      summary: "Launchpad projects: status, price, supply, per-customer limits and dates",
      permission: "read",
      response: adminRows,
    },
    (_input, { deps: d }) => listLaunchpad(d.db),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/launchpad/update",
      summary: "Sets a launchpad project's price, supply, per-customer limits and dates (operator)",
      description:
        "Subscriptions already made keep their tokens; the supply cannot go below what is sold; a delivered project cannot change (409).",
      permission: "products",
      done: "admin.done",
      body: adminLaunchpadBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) => updateLaunchpad(d.db, by, body.id, body),
  );
}
