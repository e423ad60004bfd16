import type { SubmissionResult } from "@conform-to/react";
import type {
  PaymentMethodView,
  Readiness,
  WithdrawalAddressView,
} from "../../../platform/contract/security.ts";
import type { FiatWithdrawTerms } from "../../../platform/contract/wallet.ts";
import type { PreconditionKey } from "./preconditions.ts";

// What the withdrawal screen's server half (.server/) hands its components. Both halves import
// them from here, not each other.

/** A crypto withdrawal: the coin and network picked (from the URL), their terms and the balance. */
export type CryptoWithdrawData = {
  coins: string[];
  networks: string[];
  coin: string;
  network: string;
  fee: string;
  minimum: string;
  /** The network needs a memo (a tag) beside the address. */
  memo: boolean;
  available: string;
  /** The address book's entries for this coin and network. */
  saved: WithdrawalAddressView[];
  /** Picked from the book (?address=), else "". */
  address: string;
  /** "All" (?amount=), else "". */
  amount: string;
  /** Where the address book is managed, when the screen exists. */
  book: string | undefined;
};

/** A fiat withdrawal: USDT paid out to one of the customer's payment methods. */
export type FiatWithdrawData = {
  terms: FiatWithdrawTerms;
  methods: PaymentMethodView[];
  available: string;
  amount: string;
  /** Where a payment method is added. */
  addAt: string;
};

/** The screen: the form of its tab once every precondition is met, else (both null) what is missing. */
export type WithdrawData = {
  tab: "crypto" | "fiat";
  readiness: Readiness;
  fixAt: Record<PreconditionKey, string>;
  form: CryptoWithdrawData | null;
  fiat: FiatWithdrawData | null;
};

/** What the action answers when it does not redirect: the form again, with its errors. */
export type WithdrawActionResult = SubmissionResult<string[]>;

export type WithdrawFields = {
  coin: string;
  network: string;
  address: string;
  memo: string;
  amount: string;
  payment_password: string;
  google_code: string;
};

export type FiatWithdrawFields = {
  payment_method_id: string;
  amount: string;
  payment_password: string;
  google_code: string;
};
