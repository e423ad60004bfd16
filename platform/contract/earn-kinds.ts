/**
 * The kinds of earn product: pools (mining), flexible staking and fixed lock-ups. No zod here:
 * the earn screens' script imports it.
 */
export const PRODUCT_KINDS = ["mining", "staking", "lockup"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** A participation is running (participating) or left (exited). */
export const PARTICIPATION_STATES = ["participating", "exited"] as const;
export type ParticipationState = (typeof PARTICIPATION_STATES)[number];
