import { z } from "zod";
import {
  adminApproveWithdrawalBody,
  adminDepositBody,
  adminIdBody,
  adminNetworkBody,
  adminRejectBody,
  adminRows,
  adminSentBody,
  adminWithdrawalQueueQuery,
} from "../contract/admin.ts";
import type { Console } from "../http/console.ts";
import {
  confirmDeposit,
  decideFiat,
  decideWithdrawal,
  fiatQueue,
  listNetworks,
  updateNetwork,
  withdrawalQueue,
  withdrawalSent,
} from "./admin.ts";

/**
 * The console's wallet calls: the reviews of withdrawals and fiat recharges (reviewer), deposits
 * credited by hand, and the deposit networks (deposits and withdrawals on or off, minimums,
 * withdrawal fee). Mounted by the console (admin), which hands in the operator's check and the
 * audit writer.
 */
export function walletAdminRoutes(admin: Console) {
  // --- Money: withdrawals, fiat recharges, deposits ---
  admin.route(
    {
      method: "get",
      path: "/admin/withdrawals",
      summary: "Withdrawals waiting for review (or the latest 100 with all=1)",
      permission: "read",
      query: adminWithdrawalQueueQuery,
      response: adminRows,
    },
    ({ query }, { deps: d }) => withdrawalQueue(d.db, query.all === "1"),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/withdrawals/approve",
      summary: "Approves a pending withdrawal; the frozen amount leaves the customer's wallet (reviewer)",
      permission: "review",
      done: "admin.done",
      body: adminApproveWithdrawalBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) => decideWithdrawal(d.db, by, body.id, { approve: true, txid: body.txid }),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/withdrawals/reject",
      summary: "Rejects a pending withdrawal; the frozen amount returns to the customer (reviewer)",
      permission: "review",
      done: "admin.done",
      body: adminRejectBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) =>
      decideWithdrawal(d.db, by, body.id, { approve: false, reason: body.reason }),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/withdrawals/sent",
      summary: "Records the chain transaction of an approved withdrawal (reviewer)",
      permission: "review",
      done: "admin.done",
      body: adminSentBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) => withdrawalSent(d.db, by, body.id, body.txid),
  );
  admin.route(
    {
      method: "get",
      path: "/admin/fiat",
      summary: "Fiat recharges waiting for confirmation",
      permission: "read",
      response: adminRows,
    },
    (_input, { deps: d }) => fiatQueue(d.db),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/fiat/approve",
      summary: "Confirms a fiat recharge was received: credits its USDT (reviewer)",
      permission: "review",
      done: "admin.done",
      body: adminIdBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) => decideFiat(d.db, by, body.id, { approve: true }),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/fiat/reject",
      summary: "Rejects a fiat recharge (nothing was received) (reviewer)",
      permission: "review",
      done: "admin.done",
      body: adminRejectBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) => decideFiat(d.db, by, body.id, { approve: false, reason: body.reason }),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/deposits/credit",
      summary: "Credits a confirmed chain deposit to a customer's spot wallet (reviewer)",
      permission: "review",
      done: "admin.done",
      body: adminDepositBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) => confirmDeposit(d.db, by, body),
  );

  // --- Deposit networks and withdrawal fees ---
  admin.route(
    {
      method: "get",
      path: "/admin/networks",
      summary: "Every coin's networks: deposits and withdrawals on or off, minimums, withdrawal fee",
      permission: "read",
      response: adminRows,
    },
    (_input, { deps: d }) => listNetworks(d.db),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/networks/update",
      summary:
        "Opens or pauses a network's deposits and withdrawals and sets its minimums and withdrawal fee (operator)",
      permission: "products",
      done: "admin.done",
      body: adminNetworkBody,
      response: z.record(z.string(), z.unknown()),
    },
    ({ body }, { deps: d, by }) => updateNetwork(d.db, by, body, body),
  );
}
