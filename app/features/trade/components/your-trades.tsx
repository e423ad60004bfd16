import { Form, Link } from "react-router";
import type { Ticker } from "../../../../platform/contract/market.ts";
import type { OrderView, PositionView } from "../../../../platform/contract/trading.ts";
import { loginHref } from "../../../components/login-prompt.tsx";
import { useTranslation } from "../../../components/translation.ts";
import { type TradeState, tradeHref } from "../state.ts";
import type { PositionFormError } from "../types.ts";
import { Empty, HistoryOrderItem, OpenOrderItem } from "./orders.tsx";
import { PositionList } from "./positions.tsx";
import { Tabs } from "./ui.tsx";

/**
 * The customer's trades under the form: tabs of positions (contracts), open orders and history,
 * with "close all" / "cancel all" beside the tabs; a visitor is asked to log in.
 */
export function YourTrades({
  state,
  code,
  signedIn,
  positions,
  openOrders,
  history,
  tickers,
  positionError,
}: {
  state: TradeState;
  code: string;
  signedIn: boolean;
  positions: PositionView[];
  openOrders: OrderView[];
  history: OrderView[];
  tickers: Record<string, Ticker>;
  positionError: PositionFormError | undefined;
}) {
  const { t } = useTranslation("trade");
  const tabs =
    state.mode === "contract"
      ? ([
          { value: "positions", label: t("tab_positions", { count: positions.length }) },
          { value: "orders", label: t("tab_orders", { count: openOrders.length }) },
          { value: "history", label: t("tab_history") },
        ] as const)
      : ([
          { value: "orders", label: t("tab_orders", { count: openOrders.length }) },
          { value: "history", label: t("tab_history") },
        ] as const);
  const bulk =
    signedIn && state.tab === "positions" && positions.length > 0 ? (
      <BulkButton state={state} code={code} intent="close_all" label={t("close_all")} />
    ) : signedIn && state.tab === "orders" && openOrders.length > 0 ? (
      <BulkButton state={state} code={code} intent="cancel_all" label={t("cancel_all")} />
    ) : undefined;

  return (
    <section className="mt-4" aria-label={t("your_trades")}>
      <Tabs
        label={t("your_trades")}
        options={tabs}
        current={state.tab}
        href={(tab) => tradeHref(state, { tab: tab as TradeState["tab"] })}
        end={bulk}
      />
      {!signedIn ? (
        <div className="px-4 py-6 text-center">
          <p className="text-sm text-muted">{t("login_to_see")}</p>
          <Link to={loginHref(tradeHref(state))} className="btn btn-primary mt-3 px-6">
            {t("login")}
          </Link>
        </div>
      ) : state.tab === "positions" ? (
        positions.length > 0 ? (
          <PositionList positions={positions} tickers={tickers} error={positionError} />
        ) : (
          <Empty>{t("no_positions")}</Empty>
        )
      ) : state.tab === "orders" ? (
        openOrders.length > 0 ? (
          <ul>
            {openOrders.map((order) => (
              <OpenOrderItem key={order.id} order={order} />
            ))}
          </ul>
        ) : (
          <Empty>{t("no_orders")}</Empty>
        )
      ) : (
        <>
          {history.length > 0 ? (
            <ul>
              {history.map((order) => (
                <HistoryOrderItem key={order.id} order={order} />
              ))}
            </ul>
          ) : (
            <Empty>{t("no_history")}</Empty>
          )}
          <p className="px-4 pt-3 text-center">
            <Link to={`/traderecord?market=${state.mode}`} className="text-sm text-accent">
              {t("all_records")} ›
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

/** "Close all" or "Cancel all": a post of the whole list, beside the tabs. */
function BulkButton({
  state,
  code,
  intent,
  label,
}: {
  state: TradeState;
  code: string;
  intent: "close_all" | "cancel_all";
  label: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="mode" value={state.mode} />
      <input type="hidden" name="code" value={code} />
      <button type="submit" className="btn btn-secondary min-h-8 px-3 text-xs">
        {label}
      </button>
    </Form>
  );
}
