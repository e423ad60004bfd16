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
import type { Api } from "../http/app.ts";
import { CONSOLE_DESCRIPTION, CONSOLE_TAGS, type Console } from "../http/console.ts";
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
export function walletAdminRoutes(api: Api, admin: Console) {
  // --- Money: withdrawals, fiat recharges, deposits ---
  api.route(
    {
      method: "get",
      path: "/admin/withdrawals",
      tags: CONSOLE_TAGS,
      summary: "Withdrawals waiting for review (or the latest 100 with all=1)",
      description: CONSOLE_DESCRIPTION,
      query: adminWithdrawalQueueQuery,
      response: adminRows,
    },
    async ({ query }, { c, deps: d }) => {
      await admin.operator(c, "read");
      return withdrawalQueue(d.db, query.all === "1");
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/withdrawals/approve",
      tags: CONSOLE_TAGS,
      summary: "Approves a pending withdrawal; the frozen amount leaves the customer's wallet (reviewer)",
      description: CONSOLE_DESCRIPTION,
      body: adminApproveWithdrawalBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "review");
      const row = await decideWithdrawal(d.db, by, body.id, { approve: true, txid: body.txid });
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/withdrawals/reject",
      tags: CONSOLE_TAGS,
      summary: "Rejects a pending withdrawal; the frozen amount returns to the customer (reviewer)",
      description: CONSOLE_DESCRIPTION,
      body: adminRejectBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "review");
      const row = await decideWithdrawal(d.db, by, body.id, { approve: false, reason: body.reason });
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/withdrawals/sent",
      tags: CONSOLE_TAGS,
      summary: "Records the chain transaction of an approved withdrawal (reviewer)",
      description: CONSOLE_DESCRIPTION,
      body: adminSentBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "review");
      const row = await withdrawalSent(d.db, by, body.id, body.txid);
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "get",
      path: "/admin/fiat",
      tags: CONSOLE_TAGS,
      summary: "Fiat recharges waiting for confirmation",
      description: CONSOLE_DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await admin.operator(c, "read");
      return fiatQueue(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/fiat/approve",
      tags: CONSOLE_TAGS,
      summary: "Confirms a fiat recharge was received: credits its USDT (reviewer)",
      description: CONSOLE_DESCRIPTION,
      body: adminIdBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "review");
      const row = await decideFiat(d.db, by, body.id, { approve: true });
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/fiat/reject",
      tags: CONSOLE_TAGS,
      summary: "Rejects a fiat recharge (nothing was received) (reviewer)",
      description: CONSOLE_DESCRIPTION,
      body: adminRejectBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "review");
      const row = await decideFiat(d.db, by, body.id, { approve: false, reason: body.reason });
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/deposits/credit",
      tags: CONSOLE_TAGS,
      summary: "Credits a confirmed chain deposit to a customer's spot wallet (reviewer)",
      description: CONSOLE_DESCRIPTION,
      body: adminDepositBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "review");
      const row = await confirmDeposit(d.db, by, body);
      setMessage("admin.done");
      return row;
    },
  );

  // --- Deposit networks and withdrawal fees ---
  api.route(
    {
      method: "get",
      path: "/admin/networks",
      tags: CONSOLE_TAGS,
      summary: "Every coin's networks: deposits and withdrawals on or off, minimums, withdrawal fee",
      description: CONSOLE_DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await admin.operator(c, "read");
      return listNetworks(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/networks/update",
      tags: CONSOLE_TAGS,
      summary:
        "Opens or pauses a network's deposits and withdrawals and sets its minimums and withdrawal fee (operator)",
      description: CONSOLE_DESCRIPTION,
      body: adminNetworkBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await updateNetwork(d.db, by, body, body);
      setMessage("admin.done");
      return row;
    },
  );
}
