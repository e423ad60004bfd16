import { z } from "zod";
import { compare, isAmount } from "../../platform/contract/decimal.ts";
import { fortuneAmountBody, joinBody, subscribeBody } from "../../platform/contract/earn.ts";
import { PRODUCT_KINDS } from "../../platform/contract/earn-kinds.ts";
import { messageKey } from "../../platform/contract/message-key.ts";
import { validator } from "./validate.ts";

/**
 * The earn screens' forms, shared by each route's action (always) and its component (lazily,
 * when JavaScript runs), built from the platform's request bodies (platform/contract/earn.ts).
 * The platform checks everything again and has the last word.
 */

/** Which screen to come back to: the page's own, not sent to the platform. */
const kindField = z.enum(PRODUCT_KINDS).catch("mining");

export const joinForm = joinBody.extend({ kind: kindField });

/** The limits a join must keep, as the page knows them. */
export type JoinLimits = { remaining: string; minimum: string; maximum: string; available: string };

/**
 * In the browser the limits are checked before sending, each with the platform's own message and
 * in the platform's order (the remaining pool amount, the minimum, the maximum, the balance).
 */
export function joinLimitsForm(limits: JoinLimits) {
  return joinForm.superRefine((value, ctx) => {
    // zod still runs this when the amount is not one (its own message is shown then).
    if (typeof value.amount !== "string" || !isAmount(value.amount)) return;
    const fail = (message: string) => ctx.addIssue({ code: "custom", path: ["amount"], message });
    if (compare(value.amount, limits.remaining) > 0)
      fail(messageKey("earn.exceeds_pool", { remaining: limits.remaining }));
    else if (compare(value.amount, limits.minimum) < 0)
      fail(messageKey("earn.below_minimum", { minimum: limits.minimum }));
    else if (compare(value.amount, limits.maximum) > 0)
      fail(messageKey("earn.above_maximum", { maximum: limits.maximum }));
    else if (compare(value.amount, limits.available) > 0) fail("wallet.insufficient");
  });
}

/** Where a confirmed exit goes back to: the screen it was asked from (this site's own only). */
export const EXIT_BACK = /^\/(mininglist|mystaking|lockup)(\?id=\d{1,12})?$/;

/** Leaving a participation; `back` is the screen the confirmation was opened from. */
export const exitForm = joinBody.pick({ id: true }).extend({
  back: z.string().regex(EXIT_BACK).catch("/mininglist"),
});

/** The daily-interest wallet: money in or out. */
/** The intent picks the platform's route (/earn/fortune/deposit or /withdraw). */
export const fortuneForm = fortuneAmountBody.extend({ intent: z.enum(["deposit", "withdraw"]) });

export const subscribeForm = subscribeBody;

/** Client-side validators, loaded lazily by the earn screens (see useLazyValidator). */
export const validators = {
  join: (limits: JoinLimits) => validator(joinLimitsForm(limits)),
  fortune: validator(fortuneForm),
  subscribe: validator(subscribeForm),
};
