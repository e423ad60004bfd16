// The customer's wallet records (recharge, withdraw, other): every kind of movement read back as
// one list, newest first, and one record by its id. Earn's movements (the daily-interest wallet,
// pools and staking, the launchpad, income and rewards) are read from the ledger itself, with the
// signed change of the spot wallet as their amount.
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import type { RecordKind, WalletRecord } from "../contract/wallet.ts";
import { EARN_RECORD_TYPES } from "../contract/wallet-kinds.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { customerMovements } from "../ledger/index.ts";

const d = (value: Decimal.Value) => new Decimal(value);

type Row = Record<string, unknown>;

/** The customer's records of a kind as one query (spec: recharge, withdraw, other). */
function recordsQuery(userId: number, kind: RecordKind) {
  if (kind === "recharge") {
    return sql`select 'deposit:' || id as id, 'deposit' as type, coin, amount::text as amount, '0' as fee, network, address, txid, status, '' as detail, null as reason, created_at, null::timestamptz as updated_at
        from deposits where user_id = ${userId}
      union all
      select 'fiat_recharge:' || id, 'fiat_recharge', 'USDT', credit::text, '0', 'FIAT', method, reference, status, currency || ' ' || trim_scale(amount)::text, reason, created_at, reviewed_at
        from fiat_recharges where user_id = ${userId}
      union all
      select 'faucet:' || t.id, 'faucet', e.coin, e.amount::text, '0', null, null, null, 'success', '', null, t.created_at, null
        from ledger_transactions t join ledger_entries e on e.tx_id = t.id join ledger_accounts a on a.id = e.account_id
       where t.kind = 'faucet' and t.ref_type = 'user' and t.ref_id = ${String(userId)} and a.owner_type = 'user'`;
  }
  if (kind === "withdraw") {
    return sql`select 'withdrawal:' || id as id, case when network = 'FIAT' then 'fiat_withdrawal' else 'withdrawal' end as type, coin, amount::text as amount, fee::text as fee, network, address, txid, status, trim_scale(receive)::text as detail, reason, created_at, reviewed_at as updated_at
        from withdrawals where user_id = ${userId}`;
  }
  return sql`select 'transfer:' || id as id, 'transfer' as type, coin, amount::text as amount, '0' as fee, null as network, null as address, null as txid, 'success' as status, from_wallet || ' → ' || to_wallet as detail, null as reason, created_at, null::timestamptz as updated_at
      from transfers where user_id = ${userId}
    union all
    select 'exchange:' || id, 'exchange', from_coin, from_amount::text, fee::text, null, null, null, 'success', trim_scale(from_amount)::text || ' ' || from_coin || ' → ' || trim_scale(to_amount)::text || ' ' || to_coin, null, used_at, null
      from exchange_quotes where user_id = ${userId} and used_at is not null
    union all
    select m.kind || ':' || m.tx_id, m.kind, m.coin, m.amount::text, m.fee::text, null, null, null, 'success', m.detail, null, m.created_at, null
      from (${customerMovements(userId, EARN_RECORD_TYPES)}) m`;
}

/** The wallet records of a kind, newest first, a page at a time. */
export async function walletRecords(db: Db, userId: number, kind: RecordKind, page: number, limit: number) {
  const offset = (page - 1) * limit;
  const result = (await db.execute(
    sql`select * from (${recordsQuery(userId, kind)}) r order by created_at desc, id desc limit ${limit + 1} offset ${offset}`,
  )) as unknown as { rows: Row[] };
  const rows = result.rows.map((r) => toRecord(kind, r));
  return { list: rows.slice(0, limit), page, has_more: rows.length > limit };
}

function toRecord(kind: RecordKind, r: Row): WalletRecord {
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    id: String(r.id),
    kind,
    type: String(r.type),
    coin: String(r.coin),
    amount: d(String(r.amount)).toFixed(),
    fee: d(String(r.fee)).toFixed(),
    network: (r.network as string | null) ?? null,
    address: (r.address as string | null) ?? null,
    txid: (r.txid as string | null) ?? null,
    status: r.status as WalletRecord["status"],
    detail: String(r.detail ?? ""),
    reason: (r.reason as string | null) ?? null,
    created_at: iso(r.created_at) ?? "",
    updated_at: iso(r.updated_at),
  };
}

/** One of the customer's records by its id (another customer's record is simply not found). */
export async function walletRecord(db: Db, userId: number, id: string): Promise<WalletRecord> {
  const type = id.split(":")[0];
  const kind: RecordKind =
    type === "deposit" || type === "fiat_recharge" || type === "faucet"
      ? "recharge"
      : type === "withdrawal"
        ? "withdraw"
        : "other";
  const result = (await db.execute(
    sql`select * from (${recordsQuery(userId, kind)}) r where r.id = ${id} limit 1`,
  )) as unknown as {
    rows: Row[];
  };
  const row = result.rows[0];
  if (!row) throw new ApiError(404, "errors.not_found");
  return toRecord(kind, row);
}
