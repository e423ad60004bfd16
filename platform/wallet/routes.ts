import Decimal from "decimal.js";
import { z } from "zod";
import {
  assetsSchema,
  depositAddressQuery,
  exchangeBody,
  faucetSchema,
  fiatRechargeBody,
  fiatWithdrawSchema,
  fiatWithdrawTermsSchema,
  networkSchema,
  networksQuery,
  quoteBody,
  quoteSchema,
  transferBody,
  walletRecordQuery,
  walletRecordSchema,
  walletRecordsQuery,
  withdrawBody,
} from "../contract/wallet.ts";
import type { Api } from "../http/app.ts";
import { withdrawalReadiness } from "../identity/index.ts";
import { assets } from "./assets.ts";
import { depositAddress, requestFiatRecharge } from "./deposits.ts";
import { executeExchange, quoteExchange } from "./exchange.ts";
import { claimFaucet, faucetStatus } from "./faucet.ts";
import { walletRecord, walletRecords } from "./records.ts";
import { listNetworks, type WalletDeps } from "./shared.ts";
import { transferBetween } from "./transfers.ts";
import { fiatWithdrawTerms, requestFiatWithdrawal, requestWithdrawal } from "./withdrawals.ts";

const readinessSchema = z.object({
  phone_bound: z.boolean(),
  primary_verified: z.boolean(),
  fund_password_set: z.boolean(),
  google_bound: z.boolean(),
  locked_until: z.string().nullable(),
});

export function walletRoutes(api: Api, wallet: WalletDeps) {
  const { db } = wallet;
  const tags = ["Wallet"];

  api.route(
    {
      method: "get",
      path: "/wallet/faucet",
      tags,
      summary: "The demo faucet: whether it is on, what a claim gives and what is left (DEMO_FAUCET)",
      auth: "required",
      response: faucetSchema,
    },
    (_input, { user, deps }) => faucetStatus(db, user.id, deps.config.demoFaucet),
  );

  api.route(
    {
      method: "post",
      path: "/wallet/faucet",
      tags,
      summary: "Claim demo test USDT into the spot wallet, through the ledger (demo installs only)",
      description:
        "403 when this server runs no demo faucet; 422 once the account has received the per-account limit.",
      auth: "required",
      response: faucetSchema,
    },
    async (_input, { user, deps, setMessage }) => {
      const after = await claimFaucet(db, user.id, deps.config.demoFaucet);
      setMessage("wallet.faucet_claimed");
      return after;
    },
  );

  api.route(
    {
      method: "get",
      path: "/account/index",
      tags,
      summary:
        "The user's assets valued at live prices: total_usdt, total_cny (everything the user holds, Earn included), asset_list (code, balance, frost) and each account's coins and value",
      auth: "required",
      response: assetsSchema,
    },
    (_input, { user }) => assets(wallet, user.id),
  );

  api.route(
    {
      method: "get",
      path: "/wallet/networks",
      tags,
      summary: "Networks a coin travels on, with deposit minimum, withdrawal fee and minimum",
      query: networksQuery,
      response: z.array(networkSchema),
    },
    ({ query }) => listNetworks(db, query.coin),
  );

  api.route(
    {
      method: "get",
      path: "/wallet/recharge/address",
      tags,
      summary:
        "The user's deposit address on a network (unique to the user), with its memo/tag where the chain needs one",
      auth: "required",
      query: depositAddressQuery,
      response: z.object({
        coin: z.string(),
        network: z.string(),
        address: z.string(),
        memo: z.string().nullable(),
        min_deposit: z.string(),
        confirmations: z.number().int(),
      }),
    },
    ({ query }, { user }) => depositAddress(wallet, user.id, query.coin, query.network),
  );

  api.route(
    {
      method: "post",
      path: "/wallet/recharge/fiat",
      tags,
      summary: "Ask to recharge by bank transfer or e-wallet (USD, credited in USDT once confirmed)",
      auth: "required",
      body: fiatRechargeBody,
      response: z.object({ id: z.number().int(), status: z.string() }),
    },
    async ({ body }, { user, setMessage }) => {
      const row = await requestFiatRecharge(db, user.id, body);
      setMessage("wallet.fiat_submitted");
      return { id: row?.id ?? 0, status: row?.status ?? "pending" };
    },
  );

  api.route(
    {
      method: "get",
      path: "/wallet/withdraw/readiness",
      tags,
      summary:
        "What a withdrawal still needs: bound phone, primary verification, fund password; the lock after security changes",
      auth: "required",
      response: readinessSchema,
    },
    (_input, { user }) => withdrawalReadiness(db, user.id),
  );

  api.route(
    {
      method: "post",
      path: "/wallet/withdraw",
      tags,
      summary: "Withdraw a coin to an address: the amount is frozen and waits for review",
      description:
        "Refused, in this order, without a bound phone (403), primary verification (403), a fund password (403), or within 24 h of a security change (423).",
      auth: "required",
      body: withdrawBody,
      response: z.object({
        id: z.number().int(),
        status: z.string(),
        amount: z.string(),
        fee: z.string(),
        receive: z.string(),
      }),
    },
    async ({ body }, { user, setMessage }) => {
      const row = await requestWithdrawal(db, user.id, body);
      setMessage("wallet.withdraw_submitted");
      return { id: row.id, status: row.status, amount: row.amount, fee: row.fee, receive: row.receive };
    },
  );

  api.route(
    {
      method: "get",
      path: "/wallet/withdraw/fiat",
      tags,
      summary: "The fiat withdrawal's terms: paid out in USDT, with its minimum and fee",
      auth: "required",
      response: fiatWithdrawTermsSchema,
    },
    () => fiatWithdrawTerms(db),
  );

  api.route(
    {
      method: "post",
      path: "/wallet/withdraw/fiat",
      tags,
      summary:
        "Withdraw USDT to one of the user's saved payment methods (bank card or e-wallet): frozen, then reviewed",
      description:
        "The same preconditions as a coin withdrawal, in the same order: a bound phone (403), primary verification (403), a fund password (403), not within 24 h of a security change (423); then the payment method (the user's own), the amount against the minimum and fee, the fund password and the Google code when bound.",
      auth: "required",
      body: fiatWithdrawSchema,
      response: z.object({
        id: z.number().int(),
        status: z.string(),
        amount: z.string(),
        fee: z.string(),
        receive: z.string(),
      }),
    },
    async ({ body }, { user, setMessage }) => {
      const row = await requestFiatWithdrawal(db, user.id, body);
      setMessage("wallet.withdraw_submitted");
      const plain = (v: string) => new Decimal(v).toFixed();
      return {
        id: row.id,
        status: row.status,
        amount: plain(row.amount),
        fee: plain(row.fee),
        receive: plain(row.receive),
      };
    },
  );

  api.route(
    {
      method: "post",
      path: "/wallet/transfer",
      tags,
      summary: "Move a coin between the spot and contract wallets, at once",
      auth: "required",
      body: transferBody,
      response: z.object({ id: z.number().int() }),
    },
    async ({ body }, { user, setMessage }) => {
      const row = await transferBetween(db, user.id, body);
      setMessage("wallet.transferred");
      return { id: row?.id ?? 0 };
    },
  );

  api.route(
    {
      method: "post",
      path: "/wallet/exchange/quote",
      tags,
      summary: "A quote to convert one coin into another at the live price (fee 0.1 %, valid 10 s)",
      description:
        '`desk: "boss"` asks the block desk (/bossex): at least 10,000 USDT\'s worth, fee 0.05 %, valid 20 s. Refused (503) while the price is more than 10 s old.',
      auth: "required",
      body: quoteBody,
      response: quoteSchema,
    },
    ({ body }, { user }) => quoteExchange(wallet, user.id, body, body.desk),
  );

  api.route(
    {
      method: "post",
      path: "/wallet/exchange",
      tags,
      summary:
        "Convert at a quote's price, or be refused if it expired, the price is stale, or the live rate moved beyond the desk's tolerance (0.5 %)",
      auth: "required",
      body: exchangeBody,
      response: z.object({
        from: z.string(),
        to: z.string(),
        amount: z.string(),
        receive: z.string(),
        fee: z.string(),
      }),
    },
    async ({ body }, { user, setMessage }) => {
      const q = await executeExchange(wallet, user.id, body.quote_id);
      setMessage("wallet.exchanged");
      return { from: q.fromCoin, to: q.toCoin, amount: q.fromAmount, receive: q.toAmount, fee: q.fee };
    },
  );

  api.route(
    {
      method: "get",
      path: "/wallet/records",
      tags,
      summary: "Wallet records of a kind (recharge, withdraw, other), newest first",
      auth: "required",
      query: walletRecordsQuery,
      response: z.object({
        list: z.array(walletRecordSchema),
        page: z.number().int(),
        has_more: z.boolean(),
      }),
    },
    ({ query }, { user }) => walletRecords(db, user.id, query.kind, query.page, query.limit),
  );

  api.route(
    {
      method: "get",
      path: "/wallet/record",
      tags,
      summary: "One wallet record with its detail (amount, fee, network, address, txid, times)",
      auth: "required",
      query: walletRecordQuery,
      response: walletRecordSchema,
    },
    ({ query }, { user }) => walletRecord(db, user.id, query.id),
  );
}
