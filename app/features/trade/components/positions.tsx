import { Form } from "react-router";
import { dec, str } from "../../../../platform/contract/decimal.ts";
import type { Ticker } from "../../../../platform/contract/market.ts";
import { pricePrecision } from "../../../../platform/contract/precision.ts";
import type { PositionView } from "../../../../platform/contract/trading.ts";
import { previews } from "../../../../platform/contract/trading-math.ts";
import { ErrorList } from "../../../components/form.tsx";
import { useNumbers } from "../../../components/numbers.tsx";
import { useTranslation } from "../../../components/translation.ts";
import type { PositionFormError } from "../types.ts";
import { tone } from "./format.ts";
import { pairOf, SideLabel } from "./orders.tsx";
import { Figure, Figures, Time } from "./ui.tsx";

/**
 * Floating PnL and ROE at the live mark price (the `price` channel's last price, which is the
 * platform's mark), in exact decimals; the server's figures until the first tick arrives.
 */
export function livePnl(position: PositionView, ticker: Ticker | undefined) {
  const mark = ticker?.price ?? position.mark_price;
  const entry = dec(position.entry_price);
  const quantity = dec(position.quantity);
  const margin = dec(position.margin);
  const m = dec(mark);
  if (!ticker || m === undefined || entry === undefined || quantity === undefined || margin === undefined) {
    return { mark, pnl: position.pnl, roe: position.roe };
  }
  const profit = previews.pnl(position.side, entry, m, quantity);
  return { mark, pnl: str(profit), roe: str(previews.roe(profit, margin)) };
}

function PositionCard({
  position,
  ticker,
  error,
}: {
  position: PositionView;
  ticker?: Ticker;
  error?: PositionFormError;
}) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const p = pricePrecision(position.code);
  const price = (v: string | null) => (v ? n.price(v, p) : "-");
  const live = livePnl(position, ticker);
  const coin = pairOf(position.code).split("/")[0] ?? "";
  const pair = pairOf(position.code);
  const closeError = error?.form === "close" ? error : undefined;
  const tpslError = error?.form === "tpsl" ? error : undefined;
  return (
    <li className="border-b border-line px-4 py-3" aria-label={t("position_of", { pair, id: position.id })}>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{pair}</span>
        <span className="text-xs text-muted">{t(`contract_types.${position.contract_type}`)}</span>
        <SideLabel side={position.side} market="contract" leverage={position.leverage} />
        {position.expiry && (
          <span className="text-xs text-muted">
            {t("expires")} <Time value={position.expiry} />
          </span>
        )}
      </p>
      <div className="mt-2 flex items-end justify-between">
        <div>
          <p className="text-xs text-muted">{t("floating_pnl")}</p>
          <p className={`text-lg font-bold tabular-nums ${tone(live.pnl)}`} data-testid="pnl">
            {n.signed(live.pnl)}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs text-muted">{t("roe")}</p>
          <p className={`font-semibold tabular-nums ${tone(live.roe)}`}>
            {live.roe === null ? "-" : n.change(live.roe)}
          </p>
        </div>
      </div>
      <div className="mt-2">
        <Figures>
          <Figure label={t("quantity_label", { coin })} testId="quantity">
            {n.qty(position.quantity)}
          </Figure>
          <Figure label={t("avg_entry_price")} testId="entry-price">
            {price(position.entry_price)}
          </Figure>
          {/[1-9]/.test(position.closed_quantity) && (
            <Figure label={t("closed_quantity", { coin })} testId="closed-quantity">
              {n.qty(position.closed_quantity)}
            </Figure>
          )}
          <Figure label={t("mark_price")}>{price(live.mark)}</Figure>
          <Figure label={t("margin_label")}>{n.usdt(position.margin)}</Figure>
          <Figure label={t("liquidation_price")} className="text-accent">
            {price(position.liquidation_price)}
          </Figure>
          <Figure label={t("tpsl")}>
            {price(position.take_profit)} / {price(position.stop_loss)}
          </Figure>
        </Figures>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="position_id" value={position.id} />
          <button
            type="submit"
            className="btn btn-secondary min-h-8 px-3 text-xs"
            aria-label={t("close_position_of", { pair, id: position.id })}
          >
            {t("close")}
          </button>
        </Form>
        <details className="open:basis-full" open={Boolean(closeError)}>
          <summary className="btn btn-secondary min-h-8 list-none px-3 text-xs">{t("close_part")}</summary>
          <Form method="post" preventScrollReset className="mt-2 flex items-start gap-2">
            <input type="hidden" name="intent" value="close" />
            <input type="hidden" name="part" value="1" />
            <input type="hidden" name="position_id" value={position.id} />
            <div className="flex-1">
              <label htmlFor={`close-${position.id}`} className="sr-only">
                {t("close_quantity", { coin })}
              </label>
              <input
                id={`close-${position.id}`}
                name="quantity"
                inputMode="decimal"
                autoComplete="off"
                className="input min-h-9"
                placeholder={t("close_quantity_hint", { max: n.qty(position.quantity), coin })}
                defaultValue={closeError?.values.quantity}
                aria-invalid={closeError?.fields.quantity ? true : undefined}
                aria-describedby={closeError ? `close-${position.id}-error` : undefined}
              />
              <ErrorList
                id={`close-${position.id}-error`}
                errors={
                  closeError
                    ? [
                        ...(closeError.fields.quantity ?? []),
                        ...(closeError.message ? [closeError.message] : []),
                      ]
                    : undefined
                }
              />
            </div>
            <button type="submit" className="btn btn-primary min-h-9 px-3 text-sm">
              {t("close_part_submit")}
            </button>
          </Form>
        </details>
        <details className="open:basis-full" open={Boolean(tpslError)}>
          <summary className="btn btn-secondary min-h-8 list-none px-3 text-xs">{t("set_tpsl")}</summary>
          <Form method="post" preventScrollReset className="mt-2">
            <input type="hidden" name="intent" value="tpsl" />
            <input type="hidden" name="position_id" value={position.id} />
            <div className="grid grid-cols-2 gap-2">
              {(["take_profit", "stop_loss"] as const).map((field) => (
                <div key={field}>
                  <label htmlFor={`${field}-${position.id}`} className="mb-1 block text-xs text-muted">
                    {t(field)}
                  </label>
                  <input
                    id={`${field}-${position.id}`}
                    name={field}
                    inputMode="decimal"
                    autoComplete="off"
                    className="input min-h-9"
                    defaultValue={tpslError ? tpslError.values[field] : (position[field] ?? "")}
                    aria-invalid={tpslError?.fields[field] ? true : undefined}
                    aria-describedby={tpslError?.fields[field] ? `${field}-${position.id}-error` : undefined}
                  />
                  <ErrorList id={`${field}-${position.id}-error`} errors={tpslError?.fields[field]} />
                </div>
              ))}
            </div>
            {tpslError?.message && <ErrorList errors={[tpslError.message]} />}
            <p className="mt-1 text-xs text-muted">{t("tpsl_hint")}</p>
            <button type="submit" className="btn btn-primary mt-2 min-h-9 w-full text-sm">
              {t("save_tpsl")}
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}

/** The open positions with their live PnL, and per position: close, close part, TP/SL. */
export function PositionList({
  positions,
  tickers,
  error,
}: {
  positions: PositionView[];
  tickers: Record<string, Ticker>;
  error?: PositionFormError;
}) {
  return (
    <ul>
      {positions.map((position) => (
        <PositionCard
          key={position.id}
          position={position}
          ticker={tickers[position.code]}
          error={error?.id === position.id ? error : undefined}
        />
      ))}
    </ul>
  );
}
