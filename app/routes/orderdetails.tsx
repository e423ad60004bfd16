import { data, Link } from "react-router";
import type { ApiData } from "../../platform/contract/api.ts";
import { pricePrecision } from "../../platform/contract/precision.ts";
import type { OrderView } from "../../platform/contract/trading.ts";
import { apiClient } from "../.server/api.ts";
import { chartHref } from "../components/market/links.ts";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import { tone } from "../features/trade/components/format.ts";
import {
  Empty,
  HistoryOrderItem,
  hasFills,
  pairOf,
  SideLabel,
  statusKey,
} from "../features/trade/components/orders.tsx";
import { Time } from "../features/trade/components/ui.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/orderdetails";

export const handle: RouteHandle = {
  title: "trade:details_title",
  back: "/traderecord",
  hideNav: true,
  i18n: ["trade"],
};

/** /api/trade/order: the order, its position, closes and fills (the platform's own shape). */
type Details = ApiData<"GET", "/trade/order">;

const PICK = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("id");
  const api = apiClient(request, context);
  // No order named (the spec's bare route): the latest orders of both markets to pick from.
  if (!raw) {
    const pages = await Promise.all(
      (["contract", "spot"] as const).flatMap((market) =>
        (["open", "history"] as const).map((status) =>
          api.data(`/${market}/orders`, { status, page: 1, limit: PICK }),
        ),
      ),
    );
    const latest = pages
      .flatMap((p) => p.list)
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, PICK);
    return { details: null, latest };
  }
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 404 });
  return { details: await api.data("/trade/order", { id }), latest: [] };
}

function Row({
  label,
  children,
  className = "",
}: {
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-line py-2 last:border-0">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className={`min-w-0 text-right tabular-nums ${className}`}>{children}</dd>
    </div>
  );
}

/**
 * One order in full, with its position and every close of it. Each fill and close names the
 * price tick it used (time to the millisecond): the platform fills at its published price, and
 * anyone can check it against the chart (the "transparent" promise).
 */
export default function OrderDetailsScreen({ loaderData }: Route.ComponentProps) {
  const { details, latest } = loaderData;
  return details ? <OrderDetails {...details} /> : <PickOrder latest={latest} />;
}

/** /orderdetails with no order named: the latest ones, each opening its details. */
function PickOrder({ latest }: { latest: OrderView[] }) {
  const { t } = useTranslation("trade");
  return (
    <div className="pb-6">
      <h2 className="px-4 pt-4 text-sm text-muted">{t("details_pick")}</h2>
      {latest.length === 0 ? (
        <Empty>{t("no_history")}</Empty>
      ) : (
        <ul aria-label={t("details_latest")}>
          {latest.map((order) => (
            <HistoryOrderItem key={order.id} order={order} />
          ))}
        </ul>
      )}
      <div className="px-4">
        <Link to="/traderecord" className="btn btn-secondary btn-block mt-4">
          {t("records_title")}
        </Link>
      </div>
    </div>
  );
}

function OrderDetails({ order, position, closes, fills = [] }: Details) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const precision = pricePrecision(order.code);
  const price = (v: string | null | undefined) => (v ? n.price(v, precision) : "-");
  const coin = pairOf(order.code).split("/")[0] ?? "";
  const contract = order.market === "contract";
  const feeCoin = !contract && order.side === "buy" ? coin : "USDT";
  return (
    <div className="px-4 pb-6">
      <section className="card mt-4" aria-labelledby="order-title">
        <h2 id="order-title" className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-lg font-bold">{pairOf(order.code)}</span>
          {order.contract_type && (
            <span className="text-xs text-muted">{t(`contract_types.${order.contract_type}`)}</span>
          )}
          <SideLabel side={order.side} market={order.market} leverage={order.leverage} />
        </h2>
        <dl className="mt-2 text-sm">
          <Row label={t("order_id")}>{order.id}</Row>
          <Row label={t("order_status_label")}>{t(statusKey(order))}</Row>
          <Row label={t("order_type")}>{t(`order_types.${order.type}`)}</Row>
          <Row label={t("time")}>
            <Time value={order.created_at} />
          </Row>
          {order.type === "limit" && <Row label={t("price_label")}>{price(order.price)}</Row>}
          <Row label={t("quantity_label", { coin })}>{n.qty(order.quantity)}</Row>
          {contract && <Row label={t("leverage")}>{order.leverage}x</Row>}
          <Row label={t("filled_label", { coin })}>
            <span data-testid="filled">
              {n.qty(order.filled_quantity)} / {n.qty(order.quantity)}
            </span>
          </Row>
          {hasFills(order) && (
            <Row label={t("avg_price")}>
              <span data-testid="avg-price">{price(order.fill_price)}</span>
            </Row>
          )}
          {order.fill_tick_time !== null && (
            <Row label={t("fill_tick")}>
              <Time value={order.fill_tick_time} ms />
            </Row>
          )}
          <Row label={t("fee_label", { coin: feeCoin })}>
            {feeCoin === "USDT" ? n.usdt(order.fee, 8) : n.qty(order.fee)}
          </Row>
          {contract && (
            <Row label={t("tpsl")}>
              {price(order.take_profit)} / {price(order.stop_loss)}
            </Row>
          )}
        </dl>
      </section>

      {fills.length > 0 && (
        <section className="mt-4" aria-labelledby="fills-title">
          <h2 id="fills-title" className="font-semibold">
            {t("fills_title")}
          </h2>
          <ol className="mt-2 space-y-2">
            {fills.map((f, i) => (
              <li key={f.id} className="card text-sm" aria-label={t("fill_of", { n: i + 1 })}>
                <p className="flex justify-between gap-2">
                  <span className="font-semibold">{t(`fill_roles.${f.role}`)}</span>
                  <span className="text-xs text-muted">
                    <Time value={f.time} />
                  </span>
                </p>
                <dl className="mt-1">
                  <Row label={t("price_label")}>{price(f.price)}</Row>
                  <Row label={t("quantity_label", { coin })}>{n.qty(f.quantity)}</Row>
                  <Row label={t("fee_label", { coin: feeCoin })}>
                    {feeCoin === "USDT" ? n.usdt(f.fee, 8) : n.qty(f.fee)}
                  </Row>
                </dl>
              </li>
            ))}
          </ol>
        </section>
      )}

      {position && (
        <section className="card mt-4" aria-labelledby="position-title">
          <h2 id="position-title" className="font-semibold">
            {t("position_title")}
          </h2>
          <dl className="mt-2 text-sm">
            <Row label={t("order_status_label")}>{t(`position_status.${position.status}`)}</Row>
            <Row label={t("entry_price")}>{price(position.entry_price)}</Row>
            <Row label={t("held_quantity", { coin })}>{n.qty(position.quantity)}</Row>
            <Row label={t("closed_quantity", { coin })}>{n.qty(position.closed_quantity)}</Row>
            <Row label={t("margin_label")}>{n.usdt(position.margin, 8)}</Row>
            {position.status === "open" && (
              <>
                <Row label={t("mark_price")}>{price(position.mark_price)}</Row>
                <Row label={t("floating_pnl")} className={tone(position.pnl)}>
                  {n.signed(position.pnl)} ({position.roe === null ? "-" : n.change(position.roe)})
                </Row>
                <Row label={t("liquidation_price")}>{price(position.liquidation_price)}</Row>
              </>
            )}
            <Row label={t("realized_pnl")} className={tone(position.realized_pnl)}>
              {n.signed(position.realized_pnl, 8)}
            </Row>
            <Row label={t("fees_label")}>{n.usdt(position.fees, 8)}</Row>
            <Row label={t("funding_paid")}>{n.signed(position.funding, 8)}</Row>
            <Row label={t("tpsl")}>
              {price(position.take_profit)} / {price(position.stop_loss)}
            </Row>
            {position.close_price && <Row label={t("close_price")}>{price(position.close_price)}</Row>}
            <Row label={t("opened_at")}>
              <Time value={position.opened_at} />
            </Row>
            {position.closed_at && (
              <Row label={t("closed_at")}>
                <Time value={position.closed_at} />
              </Row>
            )}
          </dl>
        </section>
      )}

      {position && (
        <section className="mt-4" aria-labelledby="closes-title">
          <h2 id="closes-title" className="font-semibold">
            {t("closes_title")}
          </h2>
          {closes.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{t("no_closes")}</p>
          ) : (
            <ol className="mt-2 space-y-3">
              {closes.map((c) => (
                <li key={`${c.time}-${c.reason}-${c.quantity}-${c.price}`} className="card text-sm">
                  <p className="flex justify-between gap-2">
                    <span className="font-semibold">{t(`close_reasons.${c.reason}`)}</span>
                    <span className="text-xs text-muted">
                      <Time value={c.time} />
                    </span>
                  </p>
                  <dl className="mt-1">
                    <Row label={t("quantity_label", { coin })}>{n.qty(c.quantity)}</Row>
                    <Row label={t("close_price")}>{price(c.price)}</Row>
                    <Row label={t("realized_pnl")} className={tone(c.pnl)}>
                      {n.signed(c.pnl, 8)}
                    </Row>
                    <Row label={t("fee_label", { coin: "USDT" })}>{n.usdt(c.fee, 8)}</Row>
                    <Row label={t("price_tick")}>
                      {c.tick_time === null ? "-" : <Time value={c.tick_time} ms />}
                    </Row>
                  </dl>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}

      <p className="mt-4 text-xs text-muted">
        {t("transparent_note")}{" "}
        <Link to={chartHref(order.code, "1m")} className="text-accent">
          {t("check_chart")}
        </Link>
      </p>
    </div>
  );
}
