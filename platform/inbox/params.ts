import type { InboxType } from "./service.ts";

/**
 * The parameters each kind of message is worded with (`inbox.<type>.title` and `.body` in the
 * message catalogue use exactly these `{{names}}`; a test checks every language). Pass them to
 * `postMessage` as strings or numbers: amounts as decimal strings, `coin` upper case ("USDT"),
 * `code` the market as shown ("BTC/USDT"), `address` masked where it is a contact. Extra
 * parameters are ignored; a missing one reads as "—".
 */
export const INBOX_PARAMS = {
  security_password_changed: [],
  security_fund_password_set: [],
  security_fund_password_changed: [],
  security_2fa_bound: [],
  security_2fa_unbound: [],
  security_phone_bound: ["address"],
  security_email_bound: ["address"],
  security_new_login: ["device", "ip"],
  security_login_attempts: ["ip"],
  kyc_primary_approved: [],
  kyc_primary_rejected: ["reason"],
  kyc_advanced_approved: [],
  kyc_advanced_rejected: ["reason"],
  deposit_credited: ["amount", "coin"],
  withdrawal_requested: ["amount", "coin"],
  withdrawal_approved: ["amount", "coin"],
  withdrawal_rejected: ["amount", "coin", "reason"],
  withdrawal_sent: ["amount", "coin", "txid"],
  fiat_recharge_approved: ["amount", "currency"],
  fiat_recharge_rejected: ["amount", "currency", "reason"],
  order_liquidated: ["code", "price"],
  order_tpsl_triggered: ["code", "price"],
  option_settled: ["code", "period", "payout"],
  earn_income: ["amount", "coin"],
  earn_reward: ["amount", "coin"],
  launchpad_delivered: ["amount", "coin"],
  agent_approved: ["address"],
  price_alert_above: ["code", "price", "level"],
  price_alert_below: ["code", "price", "level"],
  price_alert_move: ["code", "price", "percent", "window"],
} as const satisfies Record<InboxType, readonly string[]>;
