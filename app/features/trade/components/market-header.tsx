import { useState } from "react";
import type { Ticker } from "../../../../platform/contract/market.ts";
import { changeClass, MarketList } from "../../../components/market/market-list.tsx";
import { useNumbers } from "../../../components/numbers.tsx";
import { useTranslation } from "../../../components/translation.ts";
import type { TradeData } from "../.server/loader.ts";
import type { ContractInfo } from "../order-figures.ts";
import { type TradeState, tradeHref } from "../state.ts";
import { countdown } from "./format.ts";
import { useNow } from "./live.ts";
import { Time } from "./ui.tsx";

/**
 * The top of the screen: the pair (a picker of the other markets), its live last price and 24-hour
 * change, high, low and volume, and for contracts the funding line or the expiry.
 */
export function MarketHeader({
  state,
  instrument,
  entries,
  ticker,
  info,
  serverNow,
}: {
  state: TradeState;
  instrument: TradeData["instrument"];
  entries: TradeData["entries"];
  ticker: Ticker | undefined;
  info: ContractInfo | undefined;
  serverNow: number;
}) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const { t: tm } = useTranslation("market");
  const contract = state.mode === "contract";
  const pair = `${instrument.base}/${instrument.quote}`;
  const p = instrument.price_precision;
  // The market picker's prices follow the market only while it is open.
  const [picking, setPicking] = useState(false);
  return (
    <section className="relative px-4 pt-3" aria-label={t("market_label", { pair })}>
      <div className="flex items-start justify-between gap-3">
        <details className="group min-w-0" onToggle={(e) => setPicking(e.currentTarget.open)}>
          <summary className="flex cursor-pointer list-none items-center gap-1 text-lg font-bold">
            <span>{pair}</span>
            {contract && (
              <span className="text-xs font-normal text-muted">
                {t(`contract_types.${state.contractType}`)}
              </span>
            )}
            <span aria-hidden="true" className="text-muted group-open:rotate-180">
              ▾
            </span>
            <span className="sr-only">{t("choose_market")}</span>
          </summary>
          <div className="absolute right-0 left-0 z-30 mt-2 max-h-[60dvh] overflow-y-auto border-y border-line bg-bg shadow-lg">
            <MarketList
              entries={entries}
              href={(c) => tradeHref({ ...state, code: c }, { tab: state.tab })}
              label={t("choose_market")}
              futures={contract}
              live={picking}
            />
          </div>
        </details>
        <div className="text-right">
          <p
            className={`text-lg font-bold tabular-nums ${ticker?.change.startsWith("-") ? "down" : "up"}`}
            data-testid="last-price"
          >
            {ticker ? n.price(ticker.price, p) : "-"}
          </p>
          <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${changeClass(ticker?.change)}`}>
            {ticker ? n.change(ticker.change) : "-"}
          </span>
        </div>
      </div>
      <div className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-muted tabular-nums">
        <span>
          {tm("high_24h")} <span className="text-fg">{ticker ? n.price(ticker.high, p) : "-"}</span>
        </span>
        <span>
          {tm("low_24h")} <span className="text-fg">{ticker ? n.price(ticker.low, p) : "-"}</span>
        </span>
        <span>
          {tm("vol")} <span className="text-fg">{ticker ? n.compact(ticker.volume) : "-"}</span>
        </span>
      </div>
      {contract && info && <ContractTerms info={info} state={state} serverNow={serverNow} />}
    </section>
  );
}

/** Funding rate, the countdown to the next funding and how funding is charged (perpetuals), or the expiry (delivery). */
function ContractTerms({
  info,
  state,
  serverNow,
}: {
  info: ContractInfo;
  state: TradeState;
  serverNow: number;
}) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const now = useNow(serverNow);
  if (state.contractType !== "perpetual") {
    return (
      <p className="text-xs text-muted">
        {t("expires")} <Time value={info.expiries[state.contractType]} />
      </p>
    );
  }
  let next = Date.parse(info.next_funding_time);
  while (next <= now) next += 8 * 3_600_000;
  const rate = n.fraction(info.funding_rate);
  return (
    <>
      <p className="text-xs text-muted">
        {t("funding")} <span className="text-fg tabular-nums">{rate}</span> ·{" "}
        <span className="tabular-nums" role="timer" aria-label={t("next_funding")}>
          {countdown(next - now)}
        </span>
      </p>
      {/* The rule the funding job follows (platform/trading/funding.ts). */}
      <p className="mt-1 text-xs text-muted" data-testid="funding-rule">
        {t("funding_rule")}
      </p>
    </>
  );
}
