import { Link } from "react-router";
import type { InstrumentView, Ticker } from "../../../platform/contract/market.ts";
import { useNumbers } from "../numbers.tsx";
import { useTranslation } from "../translation.ts";
import { useChannels } from "./live.ts";

export type MarketEntry = { instrument: InstrumentView; ticker?: Ticker };

/** The 24 h change badge's colours: green up, red down, grey unchanged, each with legible text. */
export function changeClass(change: string | undefined) {
  if (!change || /^0(\.0+)?$/.test(change)) return "bg-line text-fg";
  return change.startsWith("-") ? "bg-down text-on-down" : "bg-up text-on-up";
}

/**
 * Markets with their live price and 24 h change: server-rendered from the snapshot, then updated
 * from the `price` channel. `href` says where a row leads (chart or trade screen).
 */
export function MarketList({
  entries,
  href,
  label,
  futures = false,
  star,
  live: following = true,
}: {
  entries: MarketEntry[];
  href: (code: string) => string;
  label: string;
  futures?: boolean;
  /** A favourite toggle drawn at the start of each row (the markets screen). */
  star?: (code: string) => React.ReactNode;
  /** false: the prices stay as served (a list out of sight follows no channel). */
  live?: boolean;
}) {
  const n = useNumbers();
  const { t } = useTranslation("market");
  const codes = entries.map((e) => e.instrument.code);
  const initial = Object.fromEntries(
    entries.flatMap((e) => (e.ticker ? [[e.instrument.code, e.ticker]] : [])),
  );
  const live = useChannels<Ticker>("price", following ? codes : [], initial);
  return (
    <div role="table" aria-label={label}>
      <div role="row" className="flex px-4 py-2 text-xs text-muted">
        <span role="columnheader" className="flex-1">
          {t("pair")} / {t("volume")}
        </span>
        <span role="columnheader" className="w-32 text-right">
          {t("last_price")}
        </span>
        <span role="columnheader" className="w-24 text-right">
          {t("change_24h")}
        </span>
      </div>
      {entries.map(({ instrument }) => {
        const ticker = live[instrument.code];
        return (
          // Table semantics allow only cells in a row, so the link sits in the first cell and
          // stretches over the whole row (after:inset-0): a tap anywhere still opens the market.
          <div role="row" key={instrument.code} className="relative flex items-center border-b border-line">
            {star && (
              <span role="cell" className="relative z-10">
                {star(instrument.code)}
              </span>
            )}
            <span role="cell" className="min-w-0 flex-1 py-3 pl-4">
              <Link
                to={href(instrument.code)}
                className="after:absolute after:inset-0 after:content-['']"
                prefetch="intent"
              >
                <span className="font-semibold">{instrument.base}</span>
                <span className="text-xs text-muted">
                  {futures ? `${instrument.quote} ${t("perpetual")}` : ` / ${instrument.quote}`}
                </span>
              </Link>
              <span className="block text-xs text-muted">
                {t("vol")} {ticker ? n.compact(ticker.volume) : "-"}
              </span>
            </span>
            <span role="cell" className="w-32 py-3 text-right">
              <span className="block font-semibold tabular-nums">
                {ticker ? n.price(ticker.price, instrument.price_precision) : "-"}
              </span>
              <span className="block text-xs text-muted tabular-nums">
                ¥{ticker ? n.cny(ticker.cnyPrice) : "-"}
              </span>
            </span>
            <span role="cell" className="flex w-24 justify-end py-3 pr-4">
              <span
                className={`min-w-[4.75rem] rounded px-2 py-1.5 text-center text-sm font-semibold tabular-nums ${changeClass(ticker?.change)}`}
              >
                {ticker ? n.change(ticker.change) : "-"}
              </span>
            </span>
          </div>
        );
      })}
    </div>
  );
}
