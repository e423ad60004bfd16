/**
 * The earn API's answers as the web app reads them (platform/earn/routes.ts): decimal strings for
 * money, ISO strings for times. Types only — nothing here reaches the page's script.
 */
export const PRODUCT_KINDS = ["mining", "staking", "lockup"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const isProductKind = (value: unknown): value is ProductKind =>
  PRODUCT_KINDS.includes(value as ProductKind);

/** Where each kind's own records are: the pools' list, the staking records, the lock-up screen. */
export const RECORDS_OF: Record<ProductKind, "/mininglist" | "/mystaking" | "/lockup"> = {
  mining: "/mininglist",
  staking: "/mystaking",
  lockup: "/lockup",
};

export type Product = {
  id: number;
  kind: ProductKind;
  coin: string;
  name_key: string;
  daily_rate: string;
  pool_total: string;
  pool_remaining: string;
  min_purchase: string;
  max_purchase: string;
  lock_days: number;
  early_exit_penalty: string;
  status: string;
};

export type ParticipationState = "participating" | "exited";

export type Participation = {
  id: number;
  product_id: number;
  coin: string;
  amount: string;
  daily_rate: string;
  lock_days: number;
  started_at: string;
  ends_at: string | null;
  status: ParticipationState;
  income: string;
  penalty: string;
  exited_at: string | null;
};

export type ParticipationPage = { list: Participation[]; page: number; has_more: boolean };

export type ParticipationItem = {
  participation: Participation;
  product: Product | null;
  income: { day: string; amount: string; base: string }[];
};

export type LaunchStatus = "upcoming" | "live" | "ended";

export type Project = {
  id: number;
  token: string;
  name: string;
  description_key: string;
  price: string;
  total_supply: string;
  remaining: string;
  sold_percent: string;
  min_per_user: string;
  max_per_user: string;
  starts_at: string;
  ends_at: string;
  status: LaunchStatus;
  delivered: boolean;
};

export type Subscription = {
  id: number;
  project: Project;
  paid: string;
  tokens: string;
  status: "subscribed" | "delivered";
  created_at: string;
  delivered_at: string | null;
};

export type Fortune = {
  daily_rate: string;
  first_reward: string;
  reward_min_deposit: string;
  reward_hold_days: number;
  coin: string;
  mine: {
    balance: string;
    yesterday: string;
    total: string;
    first_reward_received: boolean;
    first_reward: { status: "none" | "pending" | "lapsed" | "paid"; vests_at: string | null };
  } | null;
};

export type Checkin = {
  today: string;
  claimed_today: boolean;
  streak: number;
  next_reward: string;
  rewards: string[];
};

/** What leaving a participation now returns, shown before the user confirms. */
export type ExitConfirmation = {
  participation: Participation;
  product: Product | null;
  penaltyRate: string;
  early: boolean;
  penalty: string;
  receive: string;
};
