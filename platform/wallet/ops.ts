import Decimal from "decimal.js";
import { uidOf } from "../contract/identity.ts";
import { findCustomer } from "../identity/index.ts";
import { registerOps, table } from "../ops/registry.ts";
import { creditConfirmed, ManualChainWatcher } from "./chain-watcher.ts";
import { pendingFiatRecharges, reviewFiatRecharge } from "./deposits.ts";
import { firstNetwork, requireNetwork } from "./shared.ts";
import {
  markWithdrawalSent,
  pendingWithdrawals,
  recentWithdrawals,
  reviewWithdrawal,
} from "./withdrawals.ts";

const id = (value: string | undefined) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`not an id: ${value ?? "(none)"}`);
  return n;
};

registerOps(
  {
    path: ["deposit"],
    usage: "deposit --account EMAIL_OR_PHONE_OR_UID --coin USDT --amount 1000 [--network TRC20] [--txid …]",
    summary: "Credits a confirmed deposit to the customer's spot wallet through the ledger.",
    valueOptions: ["account", "coin", "amount", "network", "txid"],
    async run({ db, operator }, { options }) {
      const account = String(options.account ?? "");
      const coin = String(options.coin ?? "").toUpperCase();
      const amount = String(options.amount ?? "");
      if (!account || !coin || !/^\d+(\.\d+)?$/.test(amount)) {
        return { ok: false, output: "Give --account, --coin and --amount (a positive decimal)." };
      }
      const user = await findCustomer(db, account);
      if (!user) return { ok: false, output: `No customer matches ${account}` };
      let network = options.network ? String(options.network).toUpperCase() : undefined;
      if (!network) network = await firstNetwork(db, coin);
      if (!network) return { ok: false, output: `No network for ${coin}` };
      const net = await requireNetwork(db, coin, network, "deposit");
      // The operator vouches for the deposit: it goes through the same path a chain watcher's
      // confirmations take, attributed to the customer they named.
      const watcher = new ManualChainWatcher();
      watcher.start(creditConfirmed(db, operator));
      try {
        const row = await watcher.confirm({
          coin,
          network: net.network,
          address: "",
          userId: user.id,
          txid: options.txid ? String(options.txid) : null,
          amount,
          confirmations: net.confirmations,
        });
        if (!row.credited) {
          return {
            ok: false,
            output: `Transaction ${row.txid} on ${row.network} was already credited (deposit ${row.id}).`,
          };
        }
        return {
          ok: true,
          output: `Deposit ${row.id}: credited ${new Decimal(row.amount).toFixed()} ${coin} (${network}) to ${uidOf(user.id)}.`,
        };
      } finally {
        watcher.stop();
      }
    },
  },
  {
    path: ["withdrawal", "list"],
    usage: "withdrawal list [--all]",
    summary: "Withdrawals waiting for review (or the latest 50 with --all).",
    async run({ db }, { options }) {
      const rows = options.all ? await recentWithdrawals(db) : await pendingWithdrawals(db);
      return {
        ok: true,
        output: table(
          rows.map((w) => ({
            id: w.id,
            uid: uidOf(w.userId),
            coin: w.coin,
            network: w.network,
            address: w.address,
            amount: new Decimal(w.amount).toFixed(),
            fee: new Decimal(w.fee).toFixed(),
            status: w.status,
            requested: w.createdAt.toISOString(),
          })),
        ),
      };
    },
  },
  {
    path: ["withdrawal", "approve"],
    usage: "withdrawal approve ID [--txid …]",
    summary: "Approves a pending withdrawal: the frozen amount leaves the customer's wallet.",
    valueOptions: ["txid"],
    async run({ db, operator }, { positionals, options }) {
      const row = await reviewWithdrawal(db, id(positionals[0]), {
        approve: true,
        operator,
        txid: options.txid ? String(options.txid) : undefined,
      });
      return { ok: true, output: `Withdrawal ${row.id} approved by ${operator}.` };
    },
  },
  {
    path: ["withdrawal", "reject"],
    usage: 'withdrawal reject ID --reason "…"',
    summary: "Rejects a pending withdrawal: the frozen amount returns to the customer.",
    valueOptions: ["reason"],
    async run({ db, operator }, { positionals, options }) {
      const reason = options.reason ? String(options.reason) : "";
      if (!reason) return { ok: false, output: "Give --reason: the customer sees it." };
      const row = await reviewWithdrawal(db, id(positionals[0]), { approve: false, operator, reason });
      return { ok: true, output: `Withdrawal ${row.id} rejected by ${operator}.` };
    },
  },
  {
    path: ["withdrawal", "sent"],
    usage: "withdrawal sent ID --txid …",
    summary: "Records the chain transaction of an approved withdrawal.",
    valueOptions: ["txid"],
    async run({ db }, { positionals, options }) {
      if (!options.txid) return { ok: false, output: "Give --txid." };
      const row = await markWithdrawalSent(db, id(positionals[0]), String(options.txid));
      return { ok: true, output: `Withdrawal ${row.id} marked sent (${row.txid}).` };
    },
  },
  {
    path: ["fiat", "list"],
    usage: "fiat list",
    summary: "Fiat recharges waiting for confirmation.",
    async run({ db }) {
      const rows = await pendingFiatRecharges(db);
      return {
        ok: true,
        output: table(
          rows.map((r) => ({
            id: r.id,
            uid: uidOf(r.userId),
            method: r.method,
            amount: `${new Decimal(r.amount).toFixed(2)} ${r.currency}`,
            reference: r.reference,
            requested: r.createdAt.toISOString(),
          })),
        ),
      };
    },
  },
  {
    path: ["fiat", "approve"],
    usage: "fiat approve ID",
    summary: "Confirms a fiat recharge was received: credits its USDT.",
    async run({ db, operator }, { positionals }) {
      const row = await reviewFiatRecharge(db, id(positionals[0]), { approve: true, operator });
      return {
        ok: true,
        output: `Fiat recharge ${row.id} approved: ${new Decimal(row.credit).toFixed()} USDT credited.`,
      };
    },
  },
  {
    path: ["fiat", "reject"],
    usage: 'fiat reject ID --reason "…"',
    summary: "Rejects a fiat recharge (nothing was received).",
    valueOptions: ["reason"],
    async run({ db, operator }, { positionals, options }) {
      const reason = options.reason ? String(options.reason) : "";
      if (!reason) return { ok: false, output: "Give --reason: the customer sees it." };
      const row = await reviewFiatRecharge(db, id(positionals[0]), { approve: false, operator, reason });
      return { ok: true, output: `Fiat recharge ${row.id} rejected.` };
    },
  },
);
