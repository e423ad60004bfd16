/**
 * The trade screen's state lives in its URL, so every switch is a plain link that works without
 * JavaScript and every view can be bookmarked or shared.
 */

/**
 * The trading modes, in the order of the mode tabs at the top of /tradeing; "timed" (timed
 * contracts) has its own screen, components/timed-screen.tsx.
 */
export const MODES = ["spot", "contract", "timed"] as const;
export type Mode = (typeof MODES)[number];

import { CONTRACT_TYPES, type ContractType } from "../../../platform/contract/contract-types.ts";

export { CONTRACT_TYPES, type ContractType };

export const ORDER_TYPES = ["market", "limit"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const TABS = ["positions", "orders", "history"] as const;
export type Tab = (typeof TABS)[number];

export type Side = "buy" | "sell";

export type TradeState = {
  code: string;
  mode: Mode;
  contractType: ContractType;
  type: OrderType;
  /** Spot only: the form buys or sells (contracts have both buttons). */
  side: Side;
  tab: Tab;
  leverage?: number;
};

export const DEFAULT_CODE = "btc/usdt";

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** Reads the screen's state from its query (unknown values fall back to the defaults). */
export function readState(params: URLSearchParams): TradeState {
  const mode = oneOf(MODES, params.get("mode"), "contract");
  const leverage = Number(params.get("leverage"));
  return {
    code: (params.get("code") ?? DEFAULT_CODE).trim().toLowerCase(),
    mode,
    contractType: oneOf(CONTRACT_TYPES, params.get("contract_type"), "perpetual"),
    type: oneOf(ORDER_TYPES, params.get("type"), "market"),
    side: oneOf(["buy", "sell"] as const, params.get("side"), "buy"),
    // Spot has no positions: its first tab is the pending orders.
    tab: oneOf(
      mode === "spot" ? TABS.filter((t) => t !== "positions") : TABS,
      params.get("tab"),
      mode === "spot" ? "orders" : "positions",
    ),
    leverage: Number.isInteger(leverage) && leverage >= 1 ? leverage : undefined,
  };
}

/** The /tradeing link for the current state with some of it changed. */
export function tradeHref(
  state: TradeState,
  changes: Partial<TradeState> = {},
  extra: Record<string, string> = {},
): string {
  const s = { ...state, ...changes };
  const params = new URLSearchParams({ code: s.code, mode: s.mode });
  if (s.mode === "contract" && s.contractType !== "perpetual") params.set("contract_type", s.contractType);
  if (s.type !== "market") params.set("type", s.type);
  if (s.mode === "spot" && s.side !== "buy") params.set("side", s.side);
  if (s.mode === "contract" && s.leverage) params.set("leverage", String(s.leverage));
  if (s.tab !== (s.mode === "spot" ? "orders" : "positions")) params.set("tab", s.tab);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `/tradeing?${params}`;
}

/** The small chart's interval, on the screen and in the loader's K-line request. */
export const CHART_INTERVAL = "15m";
