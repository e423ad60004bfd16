import { Link } from "react-router";
import type { OrderView, PositionView } from "../../platform/contract/trading.ts";
import { apiClient } from "../.server/api.ts";
import { useTranslation } from "../components/translation.ts";
import { ClosedPositionItem, Empty, HistoryOrderItem } from "../features/trade/components/orders.tsx";
import { Segmented, Tabs } from "../features/trade/components/ui.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/traderecord";

export const handle: RouteHandle = { title: "trade:records_title", back: "/center", i18n: ["trade"] };

const PAGE_SIZE = 20;

type Query = { market: "contract" | "spot"; view: "orders" | "positions"; page: number };

function readQuery(params: URLSearchParams): Query {
  const market = params.get("market") === "spot" ? "spot" : "contract";
  const view = market === "contract" && params.get("view") === "positions" ? "positions" : "orders";
  const page = Number(params.get("page"));
  return { market, view, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

const href = (q: Query) => {
  const params = new URLSearchParams({ market: q.market });
  if (q.market === "contract" && q.view === "positions") params.set("view", "positions");
  if (q.page > 1) params.set("page", String(q.page));
  return `/traderecord?${params}`;
};

/**
 * Trade records: filled and cancelled orders of either market, and closed or liquidated
 * contract positions with their realized PnL — newest first, 20 a page, each opening its details.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(new URL(request.url).searchParams);
  const api = apiClient(request, context);
  const paging = { page: query.page, limit: PAGE_SIZE };
  if (query.view === "positions") {
    const page = await api.data("/contract/history", paging);
    return { query, positions: page.list, orders: [] as OrderView[], hasMore: page.has_more };
  }
  const page = await api.data(`/${query.market}/orders`, { status: "history", ...paging });
  return { query, positions: [] as PositionView[], orders: page.list, hasMore: page.has_more };
}

export default function TradeRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("trade");
  const { query, positions, orders, hasMore } = loaderData;
  const empty = query.view === "positions" ? positions.length === 0 : orders.length === 0;
  return (
    <div>
      <Tabs
        label={t("records_markets")}
        options={[
          { value: "contract", label: t("modes.contract") },
          { value: "spot", label: t("modes.spot") },
        ]}
        current={query.market}
        href={(market) => href({ market: market as Query["market"], view: "orders", page: 1 })}
      />
      {query.market === "contract" && (
        <div className="px-4 pt-3">
          <Segmented
            label={t("records_view")}
            size="sm"
            options={[
              { value: "orders", label: t("records_orders") },
              { value: "positions", label: t("records_positions") },
            ]}
            current={query.view}
            href={(view) => href({ ...query, view: view as Query["view"], page: 1 })}
          />
        </div>
      )}
      {empty ? (
        <Empty>{query.page > 1 ? t("no_more") : t("no_history")}</Empty>
      ) : (
        <ul aria-label={query.view === "positions" ? t("records_positions") : t("records_orders")}>
          {query.view === "positions"
            ? positions.map((position) => <ClosedPositionItem key={position.id} position={position} />)
            : orders.map((order) => <HistoryOrderItem key={order.id} order={order} />)}
        </ul>
      )}
      {(query.page > 1 || hasMore) && (
        <nav className="mx-4 mt-4 flex items-center justify-between gap-3" aria-label={t("pages")}>
          {query.page > 1 ? (
            <Link
              to={href({ ...query, page: query.page - 1 })}
              className="btn btn-secondary min-h-9 px-3 text-sm"
              rel="prev"
            >
              {t("prev_page")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-xs text-muted">{t("page_n", { page: query.page })}</span>
          {hasMore ? (
            <Link
              to={href({ ...query, page: query.page + 1 })}
              className="btn btn-secondary min-h-9 px-3 text-sm"
              rel="next"
            >
              {t("next_page")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
