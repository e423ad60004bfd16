import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { dec, str } from "../../../../platform/contract/decimal.ts";
import type { Depth, InstrumentView, Ticker } from "../../../../platform/contract/market.ts";
import { share } from "../../../../platform/contract/trading-math.ts";
import { ErrorList, useLazyValidator } from "../../../components/form.tsx";
import { FundsNotice } from "../../../components/funds-notice.tsx";
import { useNumbers } from "../../../components/numbers.tsx";
import { useTranslation } from "../../../components/translation.ts";
import { decimalInput, decimalInputs } from "../../../forms/decimal-input.ts";
import { useHydrated, useTypedBeforeScript } from "../../../hooks.ts";
import { type ContractInfo, type OrderValues, orderFigures, orderNeeds } from "../order-figures.ts";
import type { TradeState } from "../state.ts";

const PERCENTS = [25, 50, 75, 100] as const;
const VALUE_NAMES = ["price", "quantity", "leverage", "take_profit", "stop_loss"] as const;

/** What share of the most one can trade a quantity is, in whole percent up to 100. */
function percentOf(quantity: string, max: bigint | undefined): number | undefined {
  const q = dec(quantity);
  if (q === undefined || max === undefined || max <= 0n) return undefined;
  return Math.min(100, Number((q * 100n) / max));
}

/** The order values a form's fields hold now (those it shows). */
function fieldValues(form: HTMLFormElement): Partial<OrderValues> {
  const found: Partial<OrderValues> = {};
  for (const name of VALUE_NAMES) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) found[name] = field.value;
  }
  return found;
}
const loadContract = () => import("../forms.ts").then((m) => m.validators.contract);
const loadSpot = () => import("../forms.ts").then((m) => m.validators.spot);

type Fields = OrderValues & {
  code: string;
  mode: string;
  contract_type: string;
  type: string;
  side: string;
  tab: string;
};

/**
 * The order form. Without JavaScript it is a plain form: the buttons post it for review (the
 * confirmation page), and the percentage buttons reload the screen with the quantity worked out
 * by the server. With JavaScript the percentage becomes a slider, and margin, fee and the best
 * price follow the live book as the user types.
 */
export function OrderForm({
  state,
  instrument,
  info,
  signedIn,
  balances,
  defaults,
  pct,
  lastResult,
  ticker,
  depth,
  onLoginPrompt,
  typed,
}: {
  state: TradeState;
  instrument: InstrumentView;
  info: ContractInfo | undefined;
  signedIn: boolean;
  balances: { usdt: string; base: string } | undefined;
  defaults: OrderValues;
  pct: number | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
  ticker: Ticker | undefined;
  depth: Depth | undefined;
  /** With JavaScript: a visitor without an account gets the log-in prompt at once. */
  onLoginPrompt: () => void;
  /**
   * The values as last typed, kept by the screen across the form's remounts: the server's answer
   * to a review arrives as a new form, and what the customer typed meanwhile must stay.
   */
  typed: { current: OrderValues | undefined };
}) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  const contract = state.mode === "contract";
  const validate = useLazyValidator(contract ? loadContract : loadSpot);
  const submitted = (lastResult?.initialValue ?? {}) as Partial<Record<keyof OrderValues, string>>;
  const start = (name: keyof OrderValues) =>
    (typeof submitted[name] === "string" ? submitted[name] : defaults[name]) ?? "";
  const [values, setValues] = useState<OrderValues>(() =>
    // An answer to a submission: the fields as the customer left them, not as they were sent.
    lastResult && typed.current
      ? typed.current
      : {
          price: start("price"),
          quantity: start("quantity"),
          leverage: start("leverage"),
          take_profit: start("take_profit"),
          stop_loss: start("stop_loss"),
        },
  );
  useEffect(() => {
    typed.current = values;
  }, [values, typed]);
  const [percent, setPercent] = useState<number>(pct ?? 0);
  // What was typed before the script ran is in the fields, not in this state: taken over before
  // the next render writes the server's values back into the (controlled) fields.
  const formRef = useTypedBeforeScript<HTMLFormElement>((element) => {
    const typed = { ...values, ...fieldValues(element) };
    // Nothing typed yet (the usual case): no render.
    const changed = (Object.keys(typed) as (keyof OrderValues)[]).some(
      (name) => typed[name] !== values[name],
    );
    if (changed) setValues(typed);
    const read = decimalInputs(typed, n.lang);
    const { max } = orderFigures({ state, info, values: read, balances, ticker, depth });
    const share = percentOf(read.quantity, max);
    if (share !== undefined) setPercent(share);
  });
  const [form, fields] = useForm<Fields>({
    id: `order-${state.mode}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  // The figures read the fields as the page's language writes numbers, as the action does.
  const read = decimalInputs(values, n.lang);
  const figures = orderFigures({ state, info, values: read, balances, ticker, depth });
  const base = instrument.base;
  const p = instrument.price_precision;
  const set = (name: keyof OrderValues, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const setShare = (n: number) => {
    setPercent(n);
    if (figures.max !== undefined && figures.max > 0n)
      set("quantity", str(share(figures.max, n, figures.step)));
  };
  const onQuantity = (value: string) => {
    set("quantity", value);
    const share = percentOf(decimalInput(value, n.lang), figures.max);
    if (share !== undefined) setPercent(share);
  };
  const maxLeverage = info?.max_leverage ?? 1;
  const formProps = getFormProps(form);
  const fieldProps = (name: keyof OrderValues) => {
    const field = fields[name];
    return {
      id: field.id,
      name: field.name,
      value: values[name],
      "aria-invalid": field.errors?.length ? true : undefined,
      "aria-describedby": field.errors?.length ? field.errorId : undefined,
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
        name === "quantity" ? onQuantity(event.target.value) : set(name, event.target.value),
    };
  };
  const bestText = figures.price ? n.price(str(figures.price), p) : "-";
  const availableCoin = contract || state.side === "buy" ? "USDT" : base;
  const feeCoin = !contract && state.side === "buy" ? base : "USDT";
  const tpslOpen = Boolean(
    values.take_profit || values.stop_loss || fields.take_profit.errors || fields.stop_loss.errors,
  );

  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      {...formProps}
      onSubmit={(event) => {
        if (!signedIn) {
          event.preventDefault();
          onLoginPrompt();
          return;
        }
        formProps.onSubmit(event);
      }}
      aria-label={t("order_form")}
    >
      <input type="hidden" name="code" value={state.code} />
      <input type="hidden" name="mode" value={state.mode} />
      {contract && <input type="hidden" name="contract_type" value={state.contractType} />}
      <input type="hidden" name="type" value={state.type} />
      <input type="hidden" name="tab" value={state.tab} />
      {!contract && <input type="hidden" name="side" value={state.side} />}
      <input type="hidden" name="intent" value="review" />

      {contract && (
        <div>
          <label htmlFor={fields.leverage.id} className="mb-1 block text-xs text-muted">
            {t("leverage")}
          </label>
          <select {...fieldProps("leverage")} className="input min-h-9 text-sm">
            {Array.from({ length: maxLeverage }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}x
              </option>
            ))}
          </select>
          <ErrorList id={fields.leverage.errorId} errors={fields.leverage.errors} />
        </div>
      )}

      <div className="mt-2">
        {state.type === "limit" ? (
          <>
            <label htmlFor={fields.price.id} className="mb-1 block text-xs text-muted">
              {t("price_field", { coin: instrument.quote })}
            </label>
            <input
              {...fieldProps("price")}
              inputMode="decimal"
              autoComplete="off"
              className="input min-h-9 text-sm"
            />
          </>
        ) : (
          <>
            <p className="mb-1 flex justify-between gap-1 text-xs text-muted">
              <span>{t("price_field", { coin: instrument.quote })}</span>
              <span className="tabular-nums" data-testid="best-price">
                ≈ {bestText}
              </span>
            </p>
            <p className="input flex min-h-9 items-center text-sm text-muted">
              <span className="truncate">{t("market_best")}</span>
            </p>
          </>
        )}
        <ErrorList id={fields.price.errorId} errors={fields.price.errors} />
      </div>

      <div className="mt-2">
        <label htmlFor={fields.quantity.id} className="mb-1 block text-xs text-muted">
          {t("quantity_label", { coin: base })}
        </label>
        <input
          {...fieldProps("quantity")}
          inputMode="decimal"
          autoComplete="off"
          className="input min-h-9 text-sm"
          placeholder={info ? t("quantity_hint", { min: n.qty(info.min_quantity) }) : undefined}
        />
        <ErrorList id={fields.quantity.errorId} errors={fields.quantity.errors} />
      </div>

      <fieldset className="mt-2">
        <legend className="sr-only">{t("percent_label", { coin: availableCoin })}</legend>
        {hydrated && (
          <input
            type="range"
            min={0}
            max={100}
            step={1}
            value={percent}
            onChange={(event) => setShare(Number(event.target.value))}
            className="w-full accent-accent"
            aria-label={t("percent_label", { coin: availableCoin })}
            aria-valuetext={n.percent(percent)}
          />
        )}
        <div className="grid grid-cols-4 gap-1">
          {PERCENTS.map((share) =>
            hydrated ? (
              <button
                key={share}
                type="button"
                onClick={() => setShare(share)}
                className={`rounded border py-0.5 text-xs ${percent === share ? "border-accent text-accent" : "border-line text-muted"}`}
              >
                {n.percent(share)}
              </button>
            ) : (
              <button
                key={share}
                type="submit"
                formMethod="get"
                name="pct"
                value={share}
                className={`rounded border py-0.5 text-xs ${pct === share ? "border-accent text-accent" : "border-line text-muted"}`}
              >
                {n.percent(share)}
              </button>
            ),
          )}
        </div>
      </fieldset>

      {contract && (
        <details className="mt-2" open={tpslOpen}>
          <summary className="cursor-pointer text-xs text-muted">{t("tpsl_at_entry")}</summary>
          {(["take_profit", "stop_loss"] as const).map((name) => (
            <div key={name} className="mt-1">
              <label htmlFor={fields[name].id} className="mb-1 block text-xs text-muted">
                {t(name)}
              </label>
              <input
                {...fieldProps(name)}
                inputMode="decimal"
                autoComplete="off"
                className="input min-h-9 text-sm"
              />
              <ErrorList id={fields[name].errorId} errors={fields[name].errors} />
            </div>
          ))}
        </details>
      )}

      <dl className="mt-2 space-y-0.5 text-xs">
        <div className="flex justify-between gap-2">
          <dt className="text-muted">{t("available")}</dt>
          <dd className="tabular-nums" data-testid="available">
            {balances
              ? `${availableCoin === "USDT" ? n.usdt(balances.usdt) : n.qty(balances.base)} ${availableCoin}`
              : "-"}
          </dd>
        </div>
        {contract ? (
          <div className="flex justify-between gap-2">
            <dt className="text-muted">{t("margin_label")}</dt>
            <dd className="tabular-nums" data-testid="margin">
              {figures.cost ? n.usdt(str(figures.cost.margin), 2) : "-"}
            </dd>
          </div>
        ) : (
          <div className="flex justify-between gap-2">
            <dt className="text-muted">{t("total")}</dt>
            <dd className="tabular-nums">
              {figures.cost ? `${n.usdt(str(figures.cost.notional), 2)} USDT` : "-"}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-2">
          <dt className="text-muted">{t("fee")}</dt>
          <dd className="tabular-nums" data-testid="fee">
            {figures.cost
              ? `${feeCoin === "USDT" ? n.fee(str(figures.cost.fee)) : n.qty(str(figures.cost.fee))} ${feeCoin}`
              : "-"}
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-muted">{t("max_quantity")}</dt>
          <dd className="tabular-nums">
            {figures.max !== undefined ? `${n.qty(str(figures.max))} ${base}` : "-"}
          </dd>
        </div>
      </dl>

      {signedIn && balances && (
        <FundsNotice
          coin={availableCoin}
          available={availableCoin === "USDT" ? balances.usdt : balances.base}
          needed={orderNeeds(state, figures.cost, read.quantity)}
          transferTo={availableCoin === "USDT" ? (contract ? "contract" : "spot") : undefined}
          className="mt-2"
        />
      )}

      <ErrorList id={form.errorId} errors={form.errors} />

      {contract ? (
        <div className="mt-3 grid gap-2">
          <button
            type="submit"
            name="side"
            value="buy"
            className="btn bg-up text-on-up"
            disabled={busy}
            aria-busy={busy}
          >
            {t("buy_long")}
          </button>
          <button
            type="submit"
            name="side"
            value="sell"
            className="btn bg-down text-on-down"
            disabled={busy}
            aria-busy={busy}
          >
            {t("sell_short")}
          </button>
        </div>
      ) : (
        <button
          type="submit"
          className={`btn btn-block mt-3 ${state.side === "buy" ? "bg-up text-on-up" : "bg-down text-on-down"}`}
          disabled={busy}
          aria-busy={busy}
        >
          {t(state.side === "buy" ? "buy_coin" : "sell_coin", { coin: base })}
        </button>
      )}
    </Form>
  );
}
