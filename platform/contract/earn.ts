// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { PARTICIPATION_STATES, PRODUCT_KINDS } from "./earn-kinds.ts";
import { morePageQuery } from "./pagination.ts";
import { amountField } from "./wallet.ts";

/**
 * Earn's request bodies, each once: the /api routes validate with these, and the earn screens'
 * forms are built from them (app/forms/earn.ts).
 */

/** Products, participations and projects: 32-bit ids, a larger one is simply not found. */
export const earnIdField = z.coerce
  .number({ error: "validation.required" })
  .int()
  .positive({ error: "validation.required" })
  .max(2 ** 31 - 1, { error: "errors.not_found" });

/** Joining a pool, staking or lock-up product with an amount. */
export const joinBody = z.object({ id: earnIdField, amount: amountField });

/** Depositing into or withdrawing from Fortune (the flexible savings). */
export const fortuneAmountBody = z.object({ amount: amountField });

/** Subscribing to a launchpad project. */
export const subscribeBody = z.object({ project_id: earnIdField, amount: amountField });

/** Products of one kind, or every kind. */
export const productsQuery = z.object({ type: z.enum(PRODUCT_KINDS).optional() });
/** One participation or project by id. */
export const earnIdQuery = z.object({ id: earnIdField });
/** Leaving a participation: its id, in the query (the spec's clients) or the body (the web app). */
export const exitInput = z.object({ id: earnIdField.optional() });
/** A page of the user's participations, of one state or both. */
export const participationsQuery = morePageQuery.extend({ status: z.enum(PARTICIPATION_STATES).optional() });
