import type { SubmissionResult } from "@conform-to/react";
import type { ContractType } from "../../../platform/contract/contract-types.ts";

// What the trade screen's server half (.server/) hands its components: the action's results and
// the orders and closes a review step shows. Both halves import them from here, not each other.

/** An order as the review step received it (decimal strings, as the user typed them). */
export type ReviewedOrder = {
  mode: "spot" | "contract";
  code: string;
  contract_type?: ContractType;
  type: "market" | "limit";
  side: "buy" | "sell";
  price?: string;
  quantity: string;
  leverage?: number;
  take_profit?: string;
  stop_loss?: string;
  tab: string;
};

/** What the platform says the order will occupy (contracts: /api/contract/preview). */
export type OrderPreview = {
  /** Where it trades: the book's price for a market or marketable limit order, else the limit. */
  price: string;
  /** A limit priced through the opposite best: it fills at once, at the book's price. */
  fills_now?: boolean;
  notional: string;
  margin?: string;
  fee: string;
  fee_coin: string;
  liquidation_price?: string;
  available?: string;
  available_coin: string;
};

/** One position as the close review saw it: what closes, and where (the book's best opposite price). */
export type ClosingPosition = {
  id: number;
  code: string;
  contract_type: string;
  side: "buy" | "sell";
  leverage: number;
  /** What this close takes off (all that is held, or the part typed). */
  quantity: string;
  held: string;
  /** The best bid (a long) or ask (a short) now: where a close trades. */
  price: string | null;
  /** The PnL this close would realize at that price, before the fee. */
  pnl: string | null;
  /** The taker fee this close would pay at that price. */
  fee: string | null;
};

export type CloseReview = { all: boolean; positions: ClosingPosition[] };

/** A refusal of one position's form (close part, TP/SL), shown under that form's fields. */
export type PositionFormError = {
  form: "close" | "tpsl";
  id: number;
  fields: Record<string, string[]>;
  message?: string;
  values: Record<string, string>;
};

/** A bet as the review step took it (what the confirmation shows and posts, with its round). */
export type TimedReview = { product_id: number; direction: "up" | "down"; amount: string };
export type TimedActionResult =
  /** `notice`: the confirmation shown again, the round it was for having closed meanwhile. */
  | { form: "timed_review"; bet: TimedReview; notice?: string | undefined }
  | { form: "timed"; values: { amount: string }; errors: Record<string, string[]>; message?: string };

/** What the spot and contract posts answer when they do not redirect (tradeAction). */
export type TradeActionResult =
  | { form: "order"; reply: SubmissionResult<string[]> }
  | { form: "review_close"; review: CloseReview }
  | { form: "review"; reply: SubmissionResult<string[]>; order: ReviewedOrder; preview: OrderPreview }
  | PositionFormError;
