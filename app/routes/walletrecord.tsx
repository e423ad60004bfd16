import { data, Link } from "react-router";
import type { WalletRecord } from "../../platform/contract/wallet.ts";
import { EARN_RECORD_TYPES } from "../../platform/contract/wallet-kinds.ts";
import { apiClient } from "../.server/api.ts";
import { getI18n } from "../.server/i18n.ts";
import { Icon } from "../components/icon.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import {
  InfoRow,
  LocalTime,
  RECORD_KINDS,
  type RecordKindName,
  StatusBadge,
  Tabs,
} from "../components/wallet.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/walletrecord";

export const handle: RouteHandle = {
  title: "wallet:records_title",
  back: "/asset",
  hideNav: true,
  i18n: ["wallet"],
};

const PAGE_SIZE = 20;

type RecordPage = { list: WalletRecord[]; page: number; has_more: boolean };

const kindOf = (value: string | null): RecordKindName =>
  RECORD_KINDS.includes(value as RecordKindName) ? (value as RecordKindName) : "recharge";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiClient(request, context);
  const id = url.searchParams.get("id");
  if (id) {
    const result = await api.get("/wallet/record", { id });
    if (result.status_code !== 200) {
      // Someone else's record, or no such record: the same answer.
      throw data({ message: getI18n(context).t("messages:errors.not_found") }, { status: 404 });
    }
    return { detail: result.data, kind: result.data.kind, records: null };
  }
  const kind = kindOf(url.searchParams.get("kind"));
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const records = await api.data("/wallet/records", { kind, page, limit: PAGE_SIZE });
  return { detail: null, kind, records };
}

export default function WalletRecords({ loaderData }: Route.ComponentProps) {
  const { detail, kind, records } = loaderData;
  if (detail) return <RecordDetail record={detail} />;
  if (!records) return null;
  return <RecordList kind={kind} records={records} />;
}

/** Earn's movements carry the spot wallet's change, signed: shown with their sign (+6.00, -3,000.00). */
const isSigned = (type: string) => (EARN_RECORD_TYPES as readonly string[]).includes(type);

/** A record's amount as written on the screens: signed for a change of the spot wallet. */
function useRecordAmount() {
  const n = useNumbers();
  return (r: WalletRecord) => (isSigned(r.type) ? n.signed(r.amount, 2, 8) : n.amount(r.amount));
}

/** The label of a record's type (deposit, withdrawal, transfer…). */
function useTypeLabel() {
  const { t, i18n } = useTranslation("wallet");
  return (type: string) => (i18n.exists(`wallet:types.${type}`) ? t(`types.${type}`) : type);
}

function RecordList({ kind, records }: { kind: RecordKindName; records: RecordPage }) {
  const amount = useRecordAmount();
  const { t } = useTranslation("wallet");
  const typeLabel = useTypeLabel();
  const { list, page, has_more } = records;
  return (
    <div>
      <Tabs
        label={t("record_kinds")}
        options={RECORD_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        current={kind}
        href={(k) => `?kind=${k}`}
      />
      {list.length === 0 ? (
        <p className="px-4 py-10 text-center text-muted">
          {page > 1 ? t("no_more_records") : t("no_records")}
        </p>
      ) : (
        <ul aria-label={t(`kinds.${kind}`)}>
          {list.map((r) => (
            <li key={r.id}>
              <Link to={`?id=${encodeURIComponent(r.id)}`} className="list-row py-3">
                <span className="min-w-0">
                  <span className="block font-medium">
                    {typeLabel(r.type)} · {r.coin}
                  </span>
                  <span className="block text-xs text-muted">
                    <LocalTime iso={r.created_at} />
                  </span>
                </span>
                <span className="flex items-center gap-2 text-right">
                  <span>
                    <span className="block">{amount(r)}</span>
                    <StatusBadge status={r.status} />
                  </span>
                  <Icon name="chevron" size={16} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {(page > 1 || has_more) && (
        <nav className="flex justify-between px-4 py-4" aria-label={t("pages")}>
          {page > 1 ? (
            <Link to={`?kind=${kind}&page=${page - 1}`} className="btn btn-secondary" rel="prev">
              {t("previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="self-center text-sm text-muted">{t("page", { page })}</span>
          {has_more ? (
            <Link to={`?kind=${kind}&page=${page + 1}`} className="btn btn-secondary" rel="next">
              {t("next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}

/**
 * The platform writes a conversion as "100 USDT → 0.00105 BTC": its amounts are shown as the
 * page's language writes numbers. Anything else is shown as it came.
 */
function conversion(detail: string, qty: (value: string) => string) {
  const sides = detail.split(" → ").map((side) => /^(\d+(?:\.\d+)?) (\S+)$/.exec(side));
  if (sides.length !== 2 || sides.some((side) => !side)) return detail;
  return sides.map((side) => `${qty(side?.[1] ?? "")} ${side?.[2]}`).join(" → ");
}

function RecordDetail({ record: r }: { record: WalletRecord }) {
  const n = useNumbers();
  const { t } = useTranslation("wallet");
  const typeLabel = useTypeLabel();
  const amount = useRecordAmount();
  const fiat = r.type === "fiat_recharge";
  const withdrawal = r.type === "withdrawal" || r.type === "fiat_withdrawal";
  const [fromWallet, toWallet] = r.type === "transfer" ? r.detail.split(" → ") : [];
  const walletName = (w?: string) => (w === "spot" || w === "contract" ? t(`wallet_names.${w}`) : (w ?? ""));
  return (
    <div className="px-4 pb-6">
      <section className="card mt-4 text-center" aria-labelledby="record-title">
        <h2 id="record-title" className="text-sm text-muted">
          {typeLabel(r.type)}
        </h2>
        <p className="mt-1 text-2xl font-bold" data-testid="record-amount">
          {amount(r)} {r.coin}
        </p>
        <p className="mt-1" data-testid="record-status">
          <StatusBadge status={r.status} />
        </p>
        {r.status === "pending" && <p className="mt-1 text-xs text-muted">{t(`pending_note.${r.kind}`)}</p>}
      </section>
      <dl className="card mt-4 text-sm">
        {/* The number only: "withdrawal:1" is the platform's internal key, the type is the heading. */}
        <InfoRow label={t("record_id")}>
          <span data-testid="record-no">{r.id.slice(r.id.indexOf(":") + 1)}</span>
        </InfoRow>
        <InfoRow label={t("coin")}>{r.coin}</InfoRow>
        <InfoRow label={t("amount")}>
          {amount(r)} {r.coin}
        </InfoRow>
        {(withdrawal || r.type === "exchange") && (
          <InfoRow label={t("fee")}>
            {n.amount(r.fee)} {r.type === "exchange" ? r.detail.split(" ").at(-1) : r.coin}
          </InfoRow>
        )}
        {isSigned(r.type) && r.fee !== "0" && (
          <InfoRow label={t(r.type === "earn_exit" ? "early_exit_fee" : "fee")}>
            {n.amount(r.fee)} {r.coin}
          </InfoRow>
        )}
        {withdrawal && (
          <InfoRow label={t("receive")}>
            {n.amount(r.detail)} {r.coin}
          </InfoRow>
        )}
        {r.type === "exchange" && <InfoRow label={t("conversion")}>{conversion(r.detail, n.qty)}</InfoRow>}
        {r.type === "transfer" && (
          <InfoRow label={t("direction")}>
            {walletName(fromWallet)} → {walletName(toWallet)}
          </InfoRow>
        )}
        {fiat ? (
          <>
            <InfoRow label={t("fiat_method")}>
              {t(`fiat_methods.${r.address === "ewallet" ? "ewallet" : "bank"}`)}
            </InfoRow>
            <InfoRow label={t("fiat_paid")}>{r.detail}</InfoRow>
            <InfoRow label={t("fiat_reference")}>{r.txid || "—"}</InfoRow>
          </>
        ) : (
          <>
            {r.network && <InfoRow label={t("network")}>{r.network}</InfoRow>}
            {r.address !== null && <InfoRow label={t("address_label")}>{r.address || "—"}</InfoRow>}
            {(r.kind === "recharge" || withdrawal) && <InfoRow label={t("txid")}>{r.txid || "—"}</InfoRow>}
          </>
        )}
        <InfoRow label={t("status")}>
          <StatusBadge status={r.status} />
        </InfoRow>
        {r.reason && <InfoRow label={t("reason")}>{r.reason}</InfoRow>}
        <InfoRow label={t("created_at")}>
          <LocalTime iso={r.created_at} />
        </InfoRow>
        {r.updated_at && (
          <InfoRow label={t("updated_at")}>
            <LocalTime iso={r.updated_at} />
          </InfoRow>
        )}
      </dl>
      <Link to={`?kind=${r.kind}`} className="btn btn-secondary btn-block mt-4">
        {t("all_records", { kind: t(`kinds.${r.kind}`) })}
      </Link>
    </div>
  );
}
