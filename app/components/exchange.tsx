import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import type { Quote } from "../../platform/contract/wallet.ts";
import type { ExchangeAsked, exchangeAction, loadExchange } from "../.server/exchange.ts";
import { useHydrated } from "../hooks.ts";
import { useDates } from "./dates.tsx";
import { percent } from "./earn/calc.ts";
import { ErrorList, Field, Submit, useLazyValidator } from "./form.tsx";
import { FundsNotice } from "./funds-notice.tsx";
import { Icon } from "./icon.tsx";
import { useNumbers } from "./numbers.tsx";
import { useTranslation } from "./translation.ts";
import { InfoRow } from "./wallet.tsx";

/** What a conversion screen's loader and action give it (app/.server/exchange.ts). */
export type ExchangeData = Awaited<ReturnType<typeof loadExchange>>;
export type ExchangeActionData = Exclude<Awaited<ReturnType<typeof exchangeAction>>, Response> | undefined;
type QuoteFields = { from: string; to: string; amount: string };
type Terms = ExchangeData["terms"];

const loadValidator = () => import("../forms/funds.ts").then((m) => m.validators.quote);

/**
 * A conversion screen: the standard desk (/exchange) and the block desk (/bossex) are this one
 * form; the desk's terms (minimum, fee, quote life) come with the data, and each desk points to
 * the other.
 */
export function ExchangeScreen({ data, actionData }: { data: ExchangeData; actionData: ExchangeActionData }) {
  // Swapped coins start the form afresh with them.
  return <ExchangeForm key={`${data.from}:${data.to}`} data={data} actionData={actionData} />;
}

function ExchangeForm({ data, actionData }: { data: ExchangeData; actionData: ExchangeActionData }) {
  const n = useNumbers();
  const { t } = useTranslation("wallet");
  const { coins, from, to, desk, terms } = data;
  const validate = useLazyValidator(loadValidator);
  const asked = actionData?.step === "expired" ? actionData.asked : undefined;
  const [form, fields] = useForm<QuoteFields>({
    lastResult: actionData && "reply" in actionData ? actionData.reply : undefined,
    defaultValue: asked ?? { from, to },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const balance = (code: string) => n.amount(coins.find((c) => c.code === code)?.balance ?? "0");
  const quote = actionData?.step === "quote" ? actionData.quote : undefined;
  const minimum = n.amount(terms.min_usdt, 0);
  return (
    <div className="px-4 pb-6">
      {desk === "boss" && (
        <section className="card mt-4" aria-labelledby="desk-title">
          <h2 id="desk-title" className="font-semibold">
            {t("bossex_heading")}
          </h2>
          <p className="mt-1 text-sm text-muted">{t("bossex_intro")}</p>
          <p className="mt-2 text-sm" data-testid="desk-minimum">
            {t("messages:wallet.desk_minimum", { minimum })}
          </p>
          <p className="mt-1 text-sm text-muted" data-testid="desk-terms">
            {t("desk_terms", { fee: percent(terms.fee_rate, 1, n.lang), seconds: terms.ttl_seconds })}
          </p>
        </section>
      )}
      <Form method="post" {...getFormProps(form)} className="card mt-4">
        <input type="hidden" name="intent" value="quote" />
        <CoinSelect
          field={fields.from}
          label={t("from_coin")}
          coins={coins.map((c) => c.code)}
          balance={balance}
        />
        <div className="mt-2 flex justify-center">
          <Link
            to={`?from=${to}&to=${from}`}
            replace
            preventScrollReset
            className="topbar-back rounded-full bg-line text-accent"
            aria-label={t("swap_coins")}
          >
            <Icon name="transfer" size={20} />
          </Link>
        </div>
        <CoinSelect
          field={fields.to}
          label={t("to_coin")}
          coins={coins.map((c) => c.code)}
          balance={balance}
        />
        <Field field={fields.amount} label={t("amount")} inputMode="decimal" autoComplete="off" />
        <FundsNotice
          coin={fields.from.value ?? from}
          available={coins.find((c) => c.code === (fields.from.value ?? from))?.balance ?? "0"}
          needed={fields.amount.value}
          transferTo={(fields.from.value ?? from) === "USDT" ? "spot" : undefined}
          className="mt-2"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{quote ? t("requote") : t("get_quote")}</Submit>
      </Form>
      {quote && <QuoteCard key={quote.quote_id} quote={quote} terms={terms} />}
      {actionData?.step === "expired" && (
        <section className="card mt-4" aria-labelledby="expired-title">
          <h2 id="expired-title" className="sr-only">
            {t("quote_title")}
          </h2>
          <p role="alert" className="text-down">
            {actionData.message}
          </p>
          <RequoteForm asked={actionData.asked} />
        </section>
      )}
      {desk === "boss" ? (
        <Link to={`/exchange?from=${from}&to=${to}`} className="mt-4 block text-center text-sm text-accent">
          {t("standard_link")}
        </Link>
      ) : (
        <Link to={`/bossex?from=${from}&to=${to}`} className="mt-4 block text-center text-sm text-accent">
          {t("bossex_link")}
        </Link>
      )}
    </div>
  );
}

function CoinSelect({
  field,
  label,
  coins,
  balance,
}: {
  field: Parameters<typeof getSelectProps>[0];
  label: string;
  coins: string[];
  balance: (code: string) => string;
}) {
  const { t } = useTranslation("wallet");
  const props = getSelectProps(field);
  return (
    <div className="mt-3">
      <label htmlFor={field.id} className="mb-1 block text-sm text-muted">
        {label}
      </label>
      <select {...props} key={props.key} className="input">
        {coins.map((c) => (
          <option key={c} value={c}>
            {t("coin_with_balance", { coin: c, amount: balance(c) })}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Seconds left until `iso`, counting down once JavaScript runs (the server says the desk's life). */
function useSecondsLeft(iso: string, life: number) {
  const hydrated = useHydrated();
  const [seconds, setSeconds] = useState(life);
  useEffect(() => {
    const left = () => Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / 1000));
    setSeconds(left());
    const timer = setInterval(() => setSeconds(left()), 250);
    return () => clearInterval(timer);
  }, [iso]);
  return { hydrated, seconds };
}

function QuoteCard({ quote, terms }: { quote: Quote; terms: Terms }) {
  const n = useNumbers();
  const { t } = useTranslation("wallet");
  const { hydrated, seconds } = useSecondsLeft(quote.expires_at, terms.ttl_seconds);
  // A quote lives seconds: its end to the second (without JavaScript nothing counts down).
  const until = useDates().clock(quote.expires_at);
  const expired = hydrated && seconds === 0;
  return (
    <section className="card mt-4" aria-labelledby="quote-title">
      <h2 id="quote-title" className="font-semibold">
        {t("quote_title")}
      </h2>
      <dl className="mt-2 text-sm">
        <InfoRow label={t("you_pay")}>
          {n.qty(quote.amount)} {quote.from}
        </InfoRow>
        <InfoRow label={t("rate")}>
          {t("rate_value", { from: quote.from, rate: n.qty(quote.rate), to: quote.to })}
        </InfoRow>
        <InfoRow label={t("fee")}>
          <span data-testid="quote-fee">
            {n.qty(quote.fee)} {quote.to}
          </span>
        </InfoRow>
        <InfoRow label={t("receive")} strong>
          <span data-testid="quote-receive">
            {n.qty(quote.receive)} {quote.to}
          </span>
        </InfoRow>
      </dl>
      <p className="mt-2 text-sm text-muted" aria-live="polite">
        {expired
          ? t("messages:wallet.quote_expired")
          : hydrated
            ? t("expires_in", { seconds })
            : t("valid_until", { seconds: terms.ttl_seconds, time: until })}
      </p>
      <p className="mt-1 text-xs text-muted" data-testid="quote-tolerance">
        {t("quote_tolerance", { tolerance: percent(terms.price_tolerance, 1, n.lang) })}
      </p>
      {expired ? (
        <RequoteForm asked={{ from: quote.from, to: quote.to, amount: quote.amount }} />
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="convert" />
          <input type="hidden" name="quote_id" value={quote.quote_id} />
          <input type="hidden" name="from" value={quote.from} />
          <input type="hidden" name="to" value={quote.to} />
          <input type="hidden" name="amount" value={quote.amount} />
          <Submit>{t("convert")}</Submit>
        </Form>
      )}
    </section>
  );
}

/** "Get a new quote" for the same coins and amount. */
function RequoteForm({ asked }: { asked: ExchangeAsked }) {
  const { t } = useTranslation("wallet");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="quote" />
      <input type="hidden" name="from" value={asked.from} />
      <input type="hidden" name="to" value={asked.to} />
      <input type="hidden" name="amount" value={asked.amount} />
      <Submit>{t("new_quote")}</Submit>
    </Form>
  );
}
