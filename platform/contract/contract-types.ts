/**
 * The kinds of futures contract: perpetual, and those delivered weekly or quarterly. No zod here:
 * the trade screen's script imports it.
 */
export const CONTRACT_TYPES = ["perpetual", "weekly", "quarterly"] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
