import { useRef, useState } from "react";
import { useLocation } from "react-router";
import type { Ticker } from "../../../../platform/contract/market.ts";
import { LoginPrompt } from "../../../components/login-prompt.tsx";
import { useChannel, useChannels } from "../../../components/market/live.ts";
import { useTranslation } from "../../../components/translation.ts";
import type { TradeData } from "../.server/loader.ts";
import type { TimedData } from "../.server/timed.ts";
import type { OrderValues } from "../order-figures.ts";
import { MODES, type TradeState, tradeHref } from "../state.ts";
import type { ReviewedOrder, TimedActionResult, TradeActionResult } from "../types.ts";
import { AccountLine } from "./account-line.tsx";
import { ChartPreview } from "./chart-preview.tsx";
import { ConfirmClose } from "./confirm-close.tsx";
import { ConfirmOrder } from "./confirm-order.tsx";
import { useAccountRefresh } from "./live.ts";
import { MarketHeader } from "./market-header.tsx";
import { OrderBook } from "./order-book.tsx";
import { OrderControls } from "./order-controls.tsx";
import { OrderForm } from "./order-form.tsx";
import { TimedScreen } from "./timed-screen.tsx";
import { Segmented } from "./ui.tsx";
import { YourTrades } from "./your-trades.tsx";

/** /tradeing: the timed screen, or spot and contracts. */
export function TradeScreen({
  loaderData,
  actionData,
}: {
  loaderData: TradeData | { timed: TimedData };
  actionData: TradeActionResult | TimedActionResult | undefined;
}) {
  if ("timed" in loaderData)
    return <TimedScreen loaderData={loaderData} actionData={actionData as TimedActionResult | undefined} />;
  return <ClassicTrade loaderData={loaderData} actionData={actionData as TradeActionResult | undefined} />;
}

/** Spot and contracts. */
function ClassicTrade({
  loaderData: served,
  actionData: result,
}: {
  loaderData: TradeData;
  actionData: TradeActionResult | undefined;
}) {
  const { t } = useTranslation("trade");
  // Fills and closes that happen away from this page (the risk engine) reload its data.
  const loaderData = useAccountRefresh(served.signedIn, served);
  const location = useLocation();
  const { state, instrument, info, signedIn, balances, positions, openOrders, history, entries } = loaderData;
  const code = instrument.code;
  const contract = state.mode === "contract";
  const ticker = useChannel("price", code, loaderData.ticker);
  // The book orders here fill against: the contract's own in contract mode (as the loader's).
  const depth = useChannel(
    "depth",
    code,
    loaderData.depth,
    contract ? { contract_type: state.contractType } : undefined,
  );
  const positionCodes = [...new Set(positions.map((p) => p.code))];
  const tickers = useChannels<Ticker>("price", positionCodes, loaderData.tickers);
  const [prompting, setPrompting] = useState(false);
  // What the customer last typed in the order form, kept across its remounts (see OrderForm).
  const typedOrder = useRef<OrderValues | undefined>(undefined);
  const [dismissed, setDismissed] = useState<unknown>();
  const review = result?.form === "review" && dismissed !== result ? result : undefined;
  const closing = result?.form === "review_close" && dismissed !== result ? result : undefined;
  const orderResult = result?.form === "order" || result?.form === "review" ? result.reply : undefined;
  const positionError = result?.form === "close" || result?.form === "tpsl" ? result : undefined;
  const here = tradeHref(state);
  const pair = `${instrument.base}/${instrument.quote}`;
  const p = instrument.price_precision;

  return (
    <div className="pb-4">
      <div className="px-4 pt-3">
        <Segmented
          label={t("mode_label")}
          options={MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
          current={state.mode}
          href={(m) =>
            tradeHref(state, { mode: m as TradeState["mode"], tab: m === "spot" ? "orders" : "positions" })
          }
        />
      </div>

      <MarketHeader
        state={state}
        instrument={instrument}
        entries={entries}
        ticker={ticker}
        info={info}
        serverNow={loaderData.now}
      />

      <ChartPreview code={code} pair={pair} candles={loaderData.candles} depth={depth} />

      <OrderControls state={state} />

      <div className="mt-3 grid grid-cols-[minmax(0,1fr)_42%] gap-3 px-4">
        {contract && !info ? (
          <p className="text-sm text-muted">{t("no_contract")}</p>
        ) : (
          <OrderForm
            key={location.key}
            state={state}
            instrument={instrument}
            info={info}
            signedIn={signedIn}
            balances={balances}
            defaults={loaderData.defaults}
            pct={loaderData.pct}
            lastResult={orderResult}
            ticker={ticker}
            depth={depth}
            onLoginPrompt={() => setPrompting(true)}
            typed={typedOrder}
          />
        )}
        <OrderBook
          depth={depth}
          ticker={ticker}
          precision={p}
          base={instrument.base}
          quote={instrument.quote}
        />
      </div>

      {signedIn && <AccountLine state={state} code={code} confirm={loaderData.confirm} />}

      <YourTrades
        state={state}
        code={code}
        signedIn={signedIn}
        positions={positions}
        openOrders={openOrders}
        history={history}
        tickers={tickers}
        positionError={positionError}
      />

      {review && (
        <ConfirmOrder
          order={review.order}
          preview={review.preview}
          precision={p}
          cancelTo={tradeHref(
            state,
            {},
            Object.fromEntries(Object.entries(reviewValues(review.order)).filter(([, v]) => v)),
          )}
          onCancel={() => setDismissed(review)}
        />
      )}
      {closing && (
        <ConfirmClose
          review={closing.review}
          cancelTo={tradeHref(state, { tab: "positions" })}
          onCancel={() => setDismissed(closing)}
        />
      )}
      {loaderData.prompt ? (
        <LoginPrompt redirectTo={here} cancelTo={here} />
      ) : (
        prompting && <LoginPrompt redirectTo={here} cancelTo={here} onCancel={() => setPrompting(false)} />
      )}
    </div>
  );
}

/** The typed values of a reviewed order, to fill the form again after Cancel (no JavaScript). */
function reviewValues(order: ReviewedOrder): Record<string, string> {
  return {
    price: order.price ?? "",
    quantity: order.quantity,
    take_profit: order.take_profit ?? "",
    stop_loss: order.stop_loss ?? "",
  };
}
