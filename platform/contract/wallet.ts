// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { formDecimal } from "./form-decimal.ts";
import { messageKey } from "./message-key.ts";
import { morePageQuery } from "./pagination.ts";
import { googleCodeField } from "./security.ts";
import { RECORD_KINDS, WALLET_KINDS } from "./wallet-kinds.ts";

export { RECORD_KINDS, type RecordKind, WALLET_KINDS } from "./wallet-kinds.ts";

/** A positive decimal amount as a string: at most 18 decimals, at most 10^15. Never a float. */
export const amountField = formDecimal(
  z
    .union([z.string(), z.number()], { error: "validation.required" })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, { error: "validation.required", abort: true })
        .regex(/^\d{1,15}(\.\d{1,18})?$/, { error: "wallet.amount_invalid", abort: true })
        .refine((v) => /[1-9]/.test(v), { error: "wallet.amount_positive" }),
    ),
);

export const coinField = z
  .string({ error: "validation.required" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, { error: "wallet.coin_unknown" });

/** A chain's short name (TRC20, ERC20…); whether the coin travels on it is the platform's check. */
export const networkField = z
  .string({ error: "validation.required" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, { error: "wallet.network_unknown" });

/** "Enter at most N characters", with N filled in. */
const tooLong = (maximum: number) => ({ error: messageKey("validation.too_long", { maximum }) });

// ------------------------------------------------------------------ requests
// Each body once: the /api routes validate with these, and the wallet screens' forms are built
// from them (app/forms/funds.ts), so a rule cannot differ between the page and the platform.

export const FIAT_METHODS = ["bank", "ewallet"] as const;

export const fiatRechargeBody = z.object({
  method: z.enum(FIAT_METHODS, { error: "wallet.fiat_method" }),
  amount: amountField,
  reference: z.string().trim().max(100, tooLong(100)).optional(),
});

/** The fund password of a withdrawal: checked, not chosen (the platform compares its hash). */
const paymentPasswordField = z
  .string({ error: "validation.required" })
  .min(1, { error: "validation.required" })
  .max(64, tooLong(64));

/** Asked once Google Authenticator is bound: six digits, as everywhere else. */
const optionalGoogleCode = googleCodeField.optional();

export const withdrawBody = z.object({
  coin: coinField,
  network: networkField,
  address: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(120, tooLong(120)),
  memo: z.string().trim().max(64, tooLong(64)).optional(),
  amount: amountField,
  payment_password: paymentPasswordField,
  google_code: optionalGoogleCode,
});

export const transferBody = z.object({
  coin: coinField,
  from: z.enum(WALLET_KINDS, { error: "validation.invalid_option" }),
  to: z.enum(WALLET_KINDS, { error: "validation.invalid_option" }),
  amount: amountField,
});

export const quoteBody = z.object({
  from: coinField,
  to: coinField,
  amount: amountField,
  desk: z.enum(["standard", "boss"]).default("standard"),
});

export const exchangeBody = z.object({ quote_id: z.uuid({ error: "wallet.quote_expired" }) });

export const assetSchema = z
  .object({
    code: z.string(),
    balance: z.string().meta({ description: "Available" }),
    frost: z.string().meta({ description: "Frozen (pending withdrawals, orders…)" }),
    usdt_value: z.string(),
  })
  .meta({ id: "Asset" });

export const assetsSchema = z
  .object({
    total_usdt: z.string(),
    total_cny: z.string(),
    asset_list: z.array(assetSchema).meta({ description: "The spot (main) wallet, keyed by code" }),
    wallets: z.object({
      spot: z.array(assetSchema),
      contract: z.array(assetSchema),
      earn: z.array(assetSchema).meta({
        description:
          "What is in Earn, per coin held: pools, staking and lock-up, the daily-interest wallet, launchpad subscriptions not delivered yet",
      }),
    }),
    accounts: z
      .object({ spot: z.string(), contract: z.string(), earn: z.string() })
      .meta({ description: "Each account's value in USDT (total_usdt counts all three)" }),
  })
  .meta({ id: "Assets" });
export type Assets = z.infer<typeof assetsSchema>;
export type Asset = z.infer<typeof assetSchema>;

export const networkSchema = z
  .object({
    coin: z.string(),
    network: z.string(),
    deposit_enabled: z.boolean(),
    withdraw_enabled: z.boolean(),
    min_deposit: z.string(),
    withdraw_fee: z.string(),
    min_withdraw: z.string(),
    confirmations: z.number().int(),
  })
  .meta({ id: "Network" });
export type NetworkView = z.infer<typeof networkSchema>;

export const walletRecordSchema = z
  .object({
    id: z.string().meta({ description: "<type>:<number>, unique across kinds" }),
    kind: z.enum(RECORD_KINDS),
    type: z.string().meta({
      description:
        "deposit, fiat_recharge, withdrawal, fiat_withdrawal, transfer, exchange, and Earn's movements (fortune_in, earn_join, launchpad_subscribe, daily_reward…)",
    }),
    coin: z.string(),
    amount: z.string().meta({
      description: "The amount moved; for Earn's movements, the change of the spot wallet (signed)",
    }),
    fee: z.string(),
    network: z.string().nullable(),
    address: z.string().nullable(),
    txid: z.string().nullable(),
    status: z.enum(["pending", "success", "rejected"]),
    detail: z
      .string()
      .meta({ description: "A short description (e.g. spot → contract, 100 USDT → 0.001 BTC)" }),
    reason: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "WalletRecord" });
export type WalletRecord = z.infer<typeof walletRecordSchema>;

export const quoteSchema = z
  .object({
    quote_id: z.string(),
    from: z.string(),
    to: z.string(),
    amount: z.string(),
    receive: z.string(),
    rate: z.string(),
    fee: z.string().meta({ description: "In the coin received" }),
    expires_at: z.string(),
  })
  .meta({ id: "ExchangeQuote" });
export type Quote = z.infer<typeof quoteSchema>;

/**
 * The conversion desks' terms, shared so the screens state what the platform applies: the
 * standard desk (/exchange) and the "Boss Exchange" block desk (/bossex) for large amounts. A
 * quote lives a few seconds (Binance: about 10 s) and converts only while the live rate is within
 * `price_tolerance` of the quoted one, either way: otherwise a quote is a free option on the move.
 */
export const EXCHANGE_DESKS = {
  standard: { fee_rate: "0.001", ttl_seconds: 10, min_usdt: "0", price_tolerance: "0.005" },
  boss: { fee_rate: "0.0005", ttl_seconds: 20, min_usdt: "10000", price_tolerance: "0.005" },
} as const;
export type Desk = keyof typeof EXCHANGE_DESKS;

/** The pseudo-network a fiat withdrawal (to a bank card or e-wallet) travels on; its terms are stored like a chain's. */
export const FIAT_NETWORK = "FIAT";

/** A withdrawal of USDT paid out in fiat to one of the customer's saved payment methods. */
export const fiatWithdrawSchema = z
  .object({
    payment_method_id: z.coerce
      .number({ error: "wallet.payment_method_unknown" })
      .int({ error: "wallet.payment_method_unknown" })
      .positive({ error: "wallet.payment_method_unknown" }),
    amount: amountField,
    payment_password: paymentPasswordField,
    google_code: optionalGoogleCode,
  })
  .meta({ id: "FiatWithdrawRequest" });
export type FiatWithdrawInput = z.infer<typeof fiatWithdrawSchema>;

export const fiatWithdrawTermsSchema = z
  .object({
    coin: z.string(),
    withdraw_enabled: z.boolean(),
    min_withdraw: z.string(),
    withdraw_fee: z.string(),
  })
  .meta({ id: "FiatWithdrawTerms" });
export type FiatWithdrawTerms = z.infer<typeof fiatWithdrawTermsSchema>;

/**
 * The demo faucet (embedded database and try-outs only, `DEMO_FAUCET`): each claim gives `grant`
 * test USDT from the platform's faucet account, up to `limit` per account in all.
 */
export const DEMO_FAUCET = { coin: "USDT", grant: "10000", limit: "50000" } as const;

export const faucetSchema = z
  .object({
    enabled: z.boolean().meta({ description: "false unless this server runs the demo faucet" }),
    coin: z.string(),
    grant: z.string().meta({ description: "What one claim gives (less when near the limit)" }),
    limit: z.string().meta({ description: "The most one account can receive in all" }),
    received: z.string(),
    remaining: z.string(),
  })
  .meta({ id: "DemoFaucet" });
export type Faucet = z.infer<typeof faucetSchema>;

// ------------------------------------------------------------------ queries

/** The networks of one coin, or of every coin. */
export const networksQuery = z.object({ coin: coinField.optional() });
/** The user's deposit address for a coin on a network. */
export const depositAddressQuery = z.object({ coin: coinField, network: networkField });
/** A page of wallet records of one kind. */
export const walletRecordsQuery = morePageQuery.extend({ kind: z.enum(RECORD_KINDS).default("recharge") });
/** One wallet record: `<type>:<number>` (anything else is not found). */
export const walletRecordQuery = z.object({
  id: z.string().regex(/^[a-z_]+:[\w-]{1,64}$/, { error: "errors.not_found" }),
});
