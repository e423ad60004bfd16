import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { dec, str } from "../../../../platform/contract/decimal.ts";
import type { Ticker } from "../../../../platform/contract/market.ts";
import { type OptionBet, type OptionProduct, roundAt } from "../../../../platform/contract/timed.ts";
import { ErrorList } from "../../../components/form.tsx";
import { FundsNotice } from "../../../components/funds-notice.tsx";
import { LoginPrompt } from "../../../components/login-prompt.tsx";
import { useChannel } from "../../../components/market/live.ts";
import { changeClass } from "../../../components/market/market-list.tsx";
import { useNumbers } from "../../../components/numbers.tsx";
import { Sheet } from "../../../components/sheet.tsx";
import { useTranslation } from "../../../components/translation.ts";
import { decimalInput } from "../../../forms/decimal-input.ts";
import { useTypedBeforeScript } from "../../../hooks.ts";
import type { TimedData } from "../.server/timed.ts";
import { MODES, tradeHref } from "../state.ts";
import { betFigures } from "../timed-figures.ts";
import { resultsHref, timedHref } from "../timed-links.ts";
import type { TimedActionResult, TimedReview } from "../types.ts";
import { countdown } from "./format.ts";
import { useAccountRefresh, useNow } from "./live.ts";
import { Figure, Figures, Segmented, Time } from "./ui.tsx";

const pairOf = (code: string) => code.toUpperCase();

/**
 * The timed-contract mode of the Trades tab (spec §2): pick an instrument and a period, see the
 * round running and its countdown, bet bullish or bearish on the next round after a confirmation
 * with every figure, and follow the bets until they settle. Works without JavaScript; with it the
 * countdown and the price tick live and settled bets arrive on their own.
 */
export function TimedScreen({
  loaderData: served,
  actionData,
}: {
  loaderData: { timed: TimedData };
  actionData: TimedActionResult | undefined;
}) {
  const n = useNumbers();
  const { t } = useTranslation("timed");
  const { t: tt } = useTranslation("trade");
  const data = useAccountRefresh(served.timed.signedIn, served).timed;
  const { state, instrument, product, products, signedIn } = data;
  const code = state.code;
  const here = timedHref(code, product.period_seconds);
  const ticker = useChannel<Ticker | undefined>("price", code, data.ticker);
  const now = useNow(data.now);
  // The server's rounds at render time; then the same rule as the platform (contract/timed.ts).
  const running = roundAt(product.period_seconds, Math.max(now, data.now));
  const betting = roundAt(product.period_seconds, running.end);
  const [prompting, setPrompting] = useState(false);
  const [dismissed, setDismissed] = useState<unknown>();
  const review = actionData?.form === "timed_review" && dismissed !== actionData ? actionData : undefined;
  const refused = actionData?.form === "timed" ? actionData : undefined;

  return (
    <div className="pb-4">
      <div className="px-4 pt-3">
        <Segmented
          label={tt("mode_label")}
          options={MODES.map((m) => ({ value: m, label: tt(`modes.${m}`) }))}
          current="timed"
          href={(m) =>
            m === "timed"
              ? here
              : tradeHref({ ...state, mode: m as "spot" }, { tab: m === "spot" ? "orders" : "positions" })
          }
        />
      </div>

      <section className="px-4 pt-3" aria-label={tt("market_label", { pair: pairOf(code) })}>
        <div className="flex items-start justify-between gap-3">
          <Segmented
            label={t("instrument")}
            size="sm"
            options={data.codes.map((c) => ({ value: c, label: pairOf(c) }))}
            current={code}
            href={(c) => timedHref(c, product.period_seconds)}
          />
          <div className="text-right">
            <p
              className={`text-lg font-bold tabular-nums ${ticker?.change.startsWith("-") ? "down" : "up"}`}
              data-testid="last-price"
            >
              {ticker ? n.price(ticker.price, instrument.price_precision) : "-"}
            </p>
            <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${changeClass(ticker?.change)}`}>
              {ticker ? n.change(ticker.change) : "-"}
            </span>
          </div>
        </div>
        <div className="mt-3">
          <Segmented
            label={t("period_label")}
            options={products.map((p) => ({ value: String(p.period_seconds), label: periodLabel(t, p) }))}
            current={String(product.period_seconds)}
            href={(s) => timedHref(code, Number(s))}
          />
        </div>
      </section>

      <section className="mx-4 mt-3 rounded-lg bg-card p-3" aria-label={t("round_label")}>
        <div className="flex items-center justify-between gap-3">
          <div>
            <p className="text-xs text-muted">{t("running_period")}</p>
            <p className="font-semibold tabular-nums" data-testid="running-period">
              {running.periodNo}
            </p>
          </div>
          <div className="text-right">
            <p className="text-xs text-muted">{t("ends_in")}</p>
            <p
              className="text-xl font-bold text-accent tabular-nums"
              role="timer"
              aria-label={t("countdown_label")}
              data-testid="countdown"
            >
              {countdown(running.end - now)}
            </p>
          </div>
        </div>
        <p className="mt-2 text-xs text-muted">
          {t("bets_join", { period: betting.periodNo })} (<Time value={betting.start} /> →{" "}
          <Time value={betting.end} />)
        </p>
      </section>

      <section className="mt-3 px-4" aria-label={t("terms_label")}>
        <Figures>
          <Figure label={t("odds")} className="up" testId="odds">
            {n.fraction(product.odds, 2, 0)}
          </Figure>
          <Figure label={t("fee")} testId="fee-rate">
            {n.fraction(product.fee_rate, 2, 0)}
          </Figure>
          <Figure label={t("limits")}>
            {n.usdt(product.min_amount, 0)}–{n.usdt(product.max_amount, 0)}
          </Figure>
        </Figures>
      </section>

      <BetForm data={data} refused={refused} onLoginPrompt={() => setPrompting(true)} />

      <section className="mt-4 px-4" aria-label={t("previous_results")}>
        <div className="flex items-center justify-between">
          <h2 className="font-semibold">{t("previous_results")}</h2>
          <Link to={resultsHref(product.id)} className="text-sm text-accent">
            {t("all_results")} ›
          </Link>
        </div>
        {data.results.length === 0 ? (
          <p className="py-3 text-sm text-muted">{t("no_results")}</p>
        ) : (
          // Two lines a round: the period over its prices (each on one line), the result beside
          // them. All three on one line do not fit a 360 px phone in every language
          // ("202612041937 · 95 172,91 → 95 186,92 · Без изменений").
          <ul className="mt-1 text-sm">
            {data.results.map((r) => (
              <li
                key={r.period_no}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 border-b border-line py-1.5 tabular-nums"
              >
                <Link
                  to={resultsHref(product.id, { round: r.period_no })}
                  className="col-start-1 row-start-1 justify-self-start text-accent"
                >
                  {r.period_no}
                </Link>
                <span className="col-start-1 row-start-2 whitespace-nowrap text-xs text-muted">
                  {r.open_price ? n.price(r.open_price, instrument.price_precision) : "-"} →{" "}
                  {r.close_price ? n.price(r.close_price, instrument.price_precision) : "-"}
                </span>
                <ResultBadge result={r.result} className="col-start-2 row-span-2 row-start-1" />
              </li>
            ))}
          </ul>
        )}
      </section>

      {signedIn && <Bets data={data} />}

      {review && (
        <ConfirmBet
          bet={review.bet}
          notice={review.notice}
          product={product}
          period={betting.periodNo}
          cancelTo={timedHref(code, product.period_seconds, { amount: review.bet.amount })}
          onCancel={() => setDismissed(actionData)}
        />
      )}
      {data.prompt ? (
        <LoginPrompt redirectTo={here} cancelTo={here} />
      ) : (
        prompting && <LoginPrompt redirectTo={here} cancelTo={here} onCancel={() => setPrompting(false)} />
      )}
    </div>
  );
}

function periodLabel(t: (key: string, options?: Record<string, unknown>) => string, p: OptionProduct) {
  return p.period_seconds % 60 === 0
    ? t("minutes", { count: p.period_seconds / 60 })
    : t("seconds", { count: p.period_seconds });
}

/** The amount, the figures it makes, and the two buttons: bullish (up) and bearish (down). */
function BetForm({
  data,
  refused,
  onLoginPrompt,
}: {
  data: TimedData;
  refused: Extract<TimedActionResult, { form: "timed" }> | undefined;
  onLoginPrompt: () => void;
}) {
  const n = useNumbers();
  const { t } = useTranslation("timed");
  const navigation = useNavigation();
  const { product, state } = data;
  const [amount, setAmount] = useState(refused?.values.amount ?? data.amount);
  // What was typed before the page's script ran is in the field, not in this state.
  const field = useTypedBeforeScript<HTMLInputElement>((input) => {
    if (input.value !== amount) setAmount(input.value);
  });
  // A refusal puts back the amount it refused (the form is not remounted), unless the customer
  // has typed since it was sent: what they typed then is kept.
  const sent = useRef<string | undefined>(undefined);
  const [shown, setShown] = useState(refused);
  if (refused !== shown) {
    setShown(refused);
    if (refused && (sent.current === undefined || sent.current === amount)) setAmount(refused.values.amount);
  }
  // Read as the page's language writes numbers ("0,5" in Spanish), as the action reads it.
  const figures = betFigures(product, decimalInput(amount, n.lang));
  const errors = refused?.errors.amount;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "timed_review";
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-3 grid gap-2 px-4"
      aria-label={t("bet_form")}
      onSubmit={(event) => {
        sent.current = amount;
        if (data.signedIn) return;
        event.preventDefault();
        onLoginPrompt();
      }}
    >
      <input type="hidden" name="intent" value="timed_review" />
      <input type="hidden" name="mode" value="timed" />
      <input type="hidden" name="code" value={state.code} />
      <input type="hidden" name="period" value={product.period_seconds} />
      <input type="hidden" name="product_id" value={product.id} />
      <label htmlFor="timed-amount" className="text-sm text-muted">
        {t("amount_label")}
      </label>
      <input
        ref={field}
        id="timed-amount"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        className="input tabular-nums"
        placeholder={t("amount_placeholder", { min: n.usdt(product.min_amount, 0) })}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? "timed-amount-error" : undefined}
      />
      <ErrorList id="timed-amount-error" errors={errors} />
      {data.signedIn && (
        <p className="text-xs text-muted">
          {t("available")}{" "}
          <span className="text-fg tabular-nums" data-testid="available">
            {n.usdt(data.available ?? "0")} USDT
          </span>
        </p>
      )}
      {data.signedIn && (
        <FundsNotice coin="USDT" available={data.available ?? "0"} needed={figures?.cost} transferTo="spot" />
      )}
      <Figures>
        <Figure label={t("fee")} testId="bet-fee">
          {figures ? n.usdt(figures.fee) : "-"}
        </Figure>
        <Figure label={t("if_right")} className="up" testId="if-right">
          {figures ? `+${n.usdt(figures.profit)}` : "-"}
        </Figure>
        <Figure label={t("if_wrong")} className="down" testId="if-wrong">
          {figures ? n.usdt(figures.loss) : "-"}
        </Figure>
      </Figures>
      {refused?.message && (
        <p className="field-error" role="alert">
          {refused.message}
        </p>
      )}
      <div className="mt-1 grid grid-cols-2 gap-3">
        <button type="submit" name="direction" value="up" className="btn bg-up text-on-up" disabled={busy}>
          ↑ {t("bullish")}
        </button>
        <button
          type="submit"
          name="direction"
          value="down"
          className="btn bg-down text-on-down"
          disabled={busy}
        >
          ↓ {t("bearish")}
        </button>
      </div>
    </Form>
  );
}

/** The confirmation: what the bet costs and what it can win or lose, before it is placed. */
function ConfirmBet({
  bet,
  notice,
  product,
  period,
  cancelTo,
  onCancel,
}: {
  bet: TimedReview;
  /** Why the confirmation is shown again: the round it was for closed before Confirm. */
  notice: string | undefined;
  product: OptionProduct;
  /** The round taking bets, as shown (live with JavaScript): the one the bet is placed for. */
  period: string;
  cancelTo: string;
  onCancel: () => void;
}) {
  const n = useNumbers();
  const { t } = useTranslation("timed");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "timed_bet";
  const figures = betFigures(product, bet.amount);
  const up = bet.direction === "up";
  const rows: [string, string, string?][] = [
    [t("pair"), `${pairOf(product.code)} · ${periodLabel(t, product)}`],
    [t("period"), period],
    [t("direction"), up ? t("bullish") : t("bearish"), up ? "up" : "down"],
    [t("amount"), `${n.usdt(bet.amount)} USDT`],
    [t("fee"), `${n.usdt(figures?.fee)} USDT`],
    [t("odds"), n.fraction(product.odds, 2, 0)],
    [t("if_right"), `+${n.usdt(figures?.profit)} USDT`, "up"],
    [t("if_wrong"), `${n.usdt(figures?.loss)} USDT`, "down"],
    [t("if_level"), `-${n.usdt(figures?.fee)} USDT`],
  ];
  return (
    <Sheet title={t("confirm_title")} onClose={onCancel}>
      {notice && (
        <p className="field-error mt-2" role="alert">
          {notice}
        </p>
      )}
      <dl className="mt-3 text-sm">
        {rows.map(([label, value, className]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-line py-1.5 last:border-0">
            <dt className="text-muted">{label}</dt>
            <dd className={`text-right tabular-nums ${className ?? ""}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted">{t("confirm_note")}</p>
      <Form method="post" preventScrollReset className="mt-4 grid grid-cols-2 gap-3">
        <input type="hidden" name="intent" value="timed_bet" />
        <input type="hidden" name="mode" value="timed" />
        <input type="hidden" name="code" value={product.code} />
        <input type="hidden" name="period" value={product.period_seconds} />
        <input type="hidden" name="product_id" value={bet.product_id} />
        <input type="hidden" name="direction" value={bet.direction} />
        <input type="hidden" name="amount" value={bet.amount} />
        <input type="hidden" name="period_no" value={period} />
        <a
          href={cancelTo}
          className="btn btn-secondary"
          onClick={(event) => {
            event.preventDefault();
            onCancel();
          }}
        >
          {t("cancel")}
        </a>
        <button
          type="submit"
          className={`btn ${up ? "bg-up text-on-up" : "bg-down text-on-down"}`}
          disabled={busy}
          aria-busy={busy}
        >
          {t("confirm")}
        </button>
      </Form>
    </Sheet>
  );
}

/** A round's result (up, down, level, void) or, with `bet`, a bet's outcome. */
export function ResultBadge({
  result,
  bet = false,
  className = "",
}: {
  result: string;
  bet?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("timed");
  const tone =
    result === "up" || result === "win"
      ? "bg-up text-on-up"
      : result === "down" || result === "loss"
        ? "bg-down text-on-down"
        : "bg-line text-fg";
  return (
    <span
      className={`shrink-0 whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-semibold ${tone} ${className}`}
    >
      {t(bet ? `bet_status.${result}` : `results.${result}`)}
    </span>
  );
}

/** The user's bets: those waiting for their round, and the settled ones (paged). */
function Bets({ data }: { data: TimedData }) {
  const { t } = useTranslation("timed");
  const { settled, product, state } = data;
  const page = (n: number) => timedHref(state.code, product.period_seconds, { page: String(n) });
  return (
    <>
      <section className="mt-4 px-4" aria-label={t("pending_bets")}>
        <h2 className="font-semibold">{t("pending_bets")}</h2>
        {data.pending.length === 0 ? (
          <p className="py-3 text-sm text-muted">{t("no_pending")}</p>
        ) : (
          <ul>
            {data.pending.map((bet) => (
              <BetItem key={bet.id} bet={bet} />
            ))}
          </ul>
        )}
      </section>
      <section className="mt-4 px-4" aria-label={t("past_bets")}>
        <h2 className="font-semibold">{t("past_bets")}</h2>
        {settled.list.length === 0 ? (
          <p className="py-3 text-sm text-muted">{t("no_past")}</p>
        ) : (
          <ul>
            {settled.list.map((bet) => (
              <BetItem key={bet.id} bet={bet} />
            ))}
          </ul>
        )}
        {(settled.page > 1 || settled.has_more) && (
          <nav className="flex justify-between pt-2 text-sm" aria-label={t("past_bets_pages")}>
            {settled.page > 1 ? (
              <Link to={page(settled.page - 1)} className="text-accent" preventScrollReset>
                ‹ {t("newer")}
              </Link>
            ) : (
              <span />
            )}
            {settled.has_more && (
              <Link to={page(settled.page + 1)} className="text-accent" preventScrollReset>
                {t("older")} ›
              </Link>
            )}
          </nav>
        )}
      </section>
    </>
  );
}

function BetItem({ bet }: { bet: OptionBet }) {
  const n = useNumbers();
  const { t } = useTranslation("timed");
  const up = bet.direction === "up";
  const net =
    bet.status === "pending"
      ? undefined
      : str((dec(bet.payout) ?? 0n) - (dec(bet.amount) ?? 0n) - (dec(bet.fee) ?? 0n));
  return (
    <li
      className="border-b border-line py-2 text-sm"
      aria-label={t("bet_item", { id: bet.id })}
      data-period={bet.period_no}
      data-status={bet.status}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold">
          {pairOf(bet.code)} <span className={up ? "up" : "down"}>{up ? t("bullish") : t("bearish")}</span>
        </span>
        <ResultBadge result={bet.status} bet />
      </div>
      <Figures>
        <Figure label={t("period")}>{bet.period_no}</Figure>
        <Figure label={t("amount")} testId="bet-amount">
          {n.usdt(bet.amount)}
        </Figure>
        <Figure label={t("fee")}>{n.usdt(bet.fee)}</Figure>
        <Figure label={t("odds")}>{n.fraction(bet.odds, 2, 0)}</Figure>
        <Figure label={t("payout")} testId="bet-payout">
          {bet.status === "pending" ? "-" : n.usdt(bet.payout)}
        </Figure>
        <Figure label={t("net")} className={net?.startsWith("-") ? "down" : net ? "up" : ""} testId="bet-net">
          {net === undefined ? "-" : `${net.startsWith("-") ? "" : "+"}${n.usdt(net)}`}
        </Figure>
      </Figures>
      <p className="mt-1 text-xs text-muted">
        {t("round_time")} <Time value={bet.round_start} /> → <Time value={bet.round_end} />
      </p>
    </li>
  );
}
