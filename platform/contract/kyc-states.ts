/**
 * An identity verification's states once submitted: waiting for review, then authenticated or
 * rejected. No zod here: the console's KYC screen imports it.
 */
export const KYC_APPLICATION_STATES = ["pending", "authenticated", "rejected"] as const;

/** The console's KYC filter: one state, or all of them. */
export const ADMIN_KYC_STATUSES = [...KYC_APPLICATION_STATES, "all"] as const;
