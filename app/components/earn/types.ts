/**
 * The earn API's answers as the web app reads them (platform/earn/routes.ts): decimal strings for
 * money, ISO strings for times. Types only, from the
 * platform's route definitions (platform/contract/api.ts) — nothing here reaches the page's script.
 */
export { PRODUCT_KINDS, type ProductKind } from "../../../platform/contract/earn-kinds.ts";

import type { ApiData } from "../../../platform/contract/api.ts";
import { PRODUCT_KINDS, type ProductKind } from "../../../platform/contract/earn-kinds.ts";

export const isProductKind = (value: unknown): value is ProductKind =>
  PRODUCT_KINDS.includes(value as ProductKind);

/** Where each kind's own records are: the pools' list, the staking records, the lock-up screen. */
export const RECORDS_OF: Record<ProductKind, "/mininglist" | "/mystaking" | "/lockup"> = {
  mining: "/mininglist",
  staking: "/mystaking",
  lockup: "/lockup",
};

export type Product = ApiData<"GET", "/user/mining">[number];
export type ParticipationPage = ApiData<"GET", "/user/mininglist">;
export type Participation = ParticipationPage["list"][number];
export type ParticipationState = Participation["status"];
export type ParticipationItem = ApiData<"GET", "/user/miningitem">;
export type Project = ApiData<"GET", "/launchpad/projects">[number];
export type LaunchStatus = Project["status"];
export type Subscription = ApiData<"GET", "/launchpad/mine">[number];
export type Fortune = ApiData<"GET", "/earn/fortune">;
export type Checkin = ApiData<"GET", "/earn/checkin">;

/** What leaving a participation now returns, shown before the user confirms. */
export type ExitConfirmation = {
  participation: Participation;
  product: Product | null;
  penaltyRate: string;
  early: boolean;
  penalty: string;
  receive: string;
};
