import type { Depth, DepthLevel, Ticker } from "../../../../platform/contract/market.ts";
import { useNumbers } from "../../../components/numbers.tsx";
import { useTranslation } from "../../../components/translation.ts";

/**
 * The order book beside the order form: the best asks above the last price, the best bids below,
 * each level with a bar for the cumulative quantity. Server-rendered from the snapshot; the
 * caller passes the live book and ticker (the `depth` and `price` channels) when JavaScript runs.
 */
export function OrderBook({
  depth,
  ticker,
  precision,
  base,
  quote,
  rows = 7,
}: {
  depth: Depth | undefined;
  ticker: Ticker | undefined;
  precision: number;
  base: string;
  quote: string;
  rows?: number;
}) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const asks = (depth?.asks ?? []).slice(0, rows);
  const bids = (depth?.bids ?? []).slice(0, rows);
  const max = Math.max(
    Number(asks[asks.length - 1]?.total ?? 0),
    Number(bids[bids.length - 1]?.total ?? 0),
    1e-12,
  );
  const falling = ticker?.change.startsWith("-");
  const side = (levels: DepthLevel[], kind: "ask" | "bid") => (
    <table className="w-full">
      <caption className="sr-only">{kind === "ask" ? t("book_asks") : t("book_bids")}</caption>
      <tbody>
        {levels.map((level) => (
          // The row is the bar's containing block: its width is the cumulative quantity.
          <tr key={level.price} className="relative">
            <td className={`py-px ${kind === "ask" ? "down" : "up"}`}>
              <span
                aria-hidden="true"
                className={`absolute inset-y-0 right-0 ${kind === "ask" ? "bg-down/15" : "bg-up/15"}`}
                style={{ width: `${Math.min(100, (Number(level.total) / max) * 100).toFixed(1)}%` }}
              />
              <span className="relative">{n.price(level.price, precision)}</span>
            </td>
            <td className="relative py-px text-right">{n.depth(level.totalSize)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <section aria-labelledby="book-title" className="text-[11px] leading-5 tabular-nums">
      <h2 id="book-title" className="sr-only">
        {t("order_book")}
      </h2>
      <div className="flex justify-between text-muted">
        <span>{t("book_price", { coin: quote })}</span>
        <span>{t("book_quantity", { coin: base })}</span>
      </div>
      {side([...asks].reverse(), "ask")}
      <p className={`my-1 text-base font-bold ${falling ? "down" : "up"}`} aria-live="off">
        {ticker ? n.price(ticker.price, precision) : "-"}
        <span className="ml-1 text-[11px] font-normal text-muted">
          {ticker ? n.change(ticker.change) : ""}
        </span>
      </p>
      {side(bids, "bid")}
    </section>
  );
}
