import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { compare, isAmount, minus } from "../../platform/contract/decimal.ts";
import type { Readiness } from "../../platform/contract/security.ts";
import { ErrorList, Field, Submit, useLazyValidator, useMessage } from "../components/form.tsx";
import { FundsNotice } from "../components/funds-notice.tsx";
import { Icon } from "../components/icon.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { Chips, InfoRow, Notice, Tabs, useHydrated, useTimeText } from "../components/wallet.tsx";
import { withdrawAction } from "../features/withdraw/.server/action.ts";
import { withdrawLoader } from "../features/withdraw/.server/loader.ts";
import { PRECONDITIONS } from "../features/withdraw/preconditions.ts";
import type { FiatWithdrawFields, WithdrawFields } from "../features/withdraw/types.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/withdraw";

export const handle: RouteHandle = {
  title: "wallet:withdraw_title",
  back: "/asset",
  hideNav: true,
  i18n: ["wallet"],
};

export const loader = ({ request, context }: Route.LoaderArgs) => withdrawLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => withdrawAction(request, context);

export default function Withdraw({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("wallet");
  const { tab, readiness, fixAt, form, fiat } = loaderData;
  // A new coin, network, picked address or "all" starts the form afresh with its values.
  const key = form ? [form.coin, form.network, form.address, form.amount].join(":") : "";
  return (
    <div>
      <Tabs
        label={t("withdraw_ways")}
        options={[
          { value: "crypto", label: t("recharge_crypto") },
          { value: "fiat", label: t("recharge_fiat") },
        ]}
        current={tab}
        href={(value) => (value === "fiat" ? "?tab=fiat" : "?")}
      />
      {form ? (
        <WithdrawForm key={key} data={form} googleBound={readiness.google_bound} lastResult={actionData} />
      ) : fiat ? (
        <FiatWithdrawForm
          key={fiat.amount}
          data={fiat}
          googleBound={readiness.google_bound}
          lastResult={actionData}
        />
      ) : (
        <Blocked readiness={readiness} fixAt={fixAt} />
      )}
    </div>
  );
}

/** What is missing before a first withdrawal, in the spec's order; or the lock after a change. */
function Blocked({ readiness, fixAt }: { readiness: Readiness; fixAt: Record<string, string> }) {
  const { t } = useTranslation("wallet");
  const message = useMessage();
  const missing = PRECONDITIONS.find((p) => !readiness[p.flag]);
  const lockEnd = useTimeText(readiness.locked_until ?? new Date(0).toISOString());
  return (
    <div className="px-4 pb-6">
      {missing ? (
        <section className="card mt-4" aria-labelledby="blocked-title">
          <h2 id="blocked-title" className="font-semibold">
            {t("blocked_title")}
          </h2>
          <p className="mt-1 text-sm text-muted">{t("blocked_intro")}</p>
          <div role="alert" className="mt-3 rounded-lg border border-down/60 px-3 py-2 font-semibold">
            {message(missing.message)}
          </div>
          <ol className="mt-3">
            {PRECONDITIONS.map((p) => {
              const done = readiness[p.flag];
              return (
                <li
                  key={p.key}
                  className="flex items-center justify-between gap-3 border-b border-line py-3 last:border-0"
                >
                  <span className="flex items-center gap-2">
                    <span className={done ? "text-up" : "text-muted"} aria-hidden="true">
                      {done ? <Icon name="check" size={18} /> : "○"}
                    </span>
                    {t(`preconditions.${p.key}`)}
                    <span className="sr-only">{done ? t("done") : t("to_do")}</span>
                  </span>
                  {!done && p !== missing && (
                    <Link to={fixAt[p.key] ?? "/security"} className="text-sm text-accent">
                      {t(`fix.${p.key}`)}
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
          <Link to={fixAt[missing.key] ?? "/security"} className="btn btn-primary btn-block mt-4">
            {t(`fix.${missing.key}`)}
          </Link>
        </section>
      ) : (
        <section className="card mt-4" aria-labelledby="locked-title">
          <h2 id="locked-title" className="font-semibold">
            {t("locked_title")}
          </h2>
          <p role="alert" className="mt-2">
            {t("messages:wallet.locked_until", { time: lockEnd })}
          </p>
          <p className="mt-2 text-sm text-muted">{t("locked_why")}</p>
        </section>
      )}
    </div>
  );
}

type FormData = NonNullable<Route.ComponentProps["loaderData"]["form"]>;
const loadValidator = () => import("../features/withdraw/forms.ts").then((m) => m.validators.withdraw);

function WithdrawForm({
  data,
  googleBound,
  lastResult,
}: {
  data: FormData;
  googleBound: boolean;
  lastResult: Route.ComponentProps["actionData"];
}) {
  const n = useNumbers();
  const { t } = useTranslation("wallet");
  const hydrated = useHydrated();
  const { coin, network, fee, minimum, available } = data;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<WithdrawFields>({
    lastResult,
    defaultValue: { coin, network, address: data.address, amount: data.amount },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const { setAmount, receive } = useReceive(String(fields.amount.initialValue ?? data.amount ?? ""), fee);
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({ coin, network, ...extra }).toString();
  const { book } = data;
  return (
    <div className="px-4 pb-6">
      <h2 className="mt-4 mb-2 text-sm text-muted">{t("coin")}</h2>
      <Chips
        label={t("coin")}
        options={data.coins.map((c) => ({ value: c, label: c }))}
        current={coin}
        href={(c) => `?coin=${c}`}
      />
      <h2 className="mt-4 mb-2 text-sm text-muted">{t("network")}</h2>
      <Chips
        label={t("network")}
        options={data.networks.map((n) => ({ value: n, label: n }))}
        current={network}
        href={(n) => `?coin=${coin}&network=${n}`}
      />
      <Form
        method="post"
        {...getFormProps(form)}
        onInput={(event) => {
          const target = event.target as HTMLInputElement;
          if (target.name === "amount") setAmount(target.value);
        }}
      >
        <input type="hidden" name="coin" value={coin} />
        <input type="hidden" name="network" value={network} />
        <Field field={fields.address} label={t("address", { network })} autoComplete="off" />
        {(data.saved.length > 0 || book) && (
          <div className="mt-2 text-sm">
            {data.saved.length > 0 && (
              <nav aria-label={t("saved_addresses")}>
                <p className="text-muted">{t("saved_addresses")}</p>
                <ul>
                  {data.saved.map((a) => (
                    <li key={a.id}>
                      <Link
                        to={`?${query({ address: a.address })}`}
                        replace
                        preventScrollReset
                        className="block truncate py-1.5 text-accent"
                      >
                        {a.remark ? `${a.remark} · ` : ""}
                        {a.address}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            {book && (
              <Link to={book} className="text-accent">
                {t("manage_addresses")}
              </Link>
            )}
          </div>
        )}
        {data.memo && (
          <Field field={fields.memo} label={t("memo")} autoComplete="off" hint={t("memo_withdraw_hint")} />
        )}
        <Field
          field={fields.amount}
          label={t("amount_coin", { coin })}
          inputMode="decimal"
          autoComplete="off"
        />
        <p className="mt-1 flex justify-between text-xs text-muted">
          <span>{t("available_amount", { amount: n.amount(available), coin })}</span>
          {compare(available, "0") > 0 && (
            <Link
              to={`?${query({ amount: available, ...(data.address ? { address: data.address } : {}) })}`}
              replace
              preventScrollReset
              className="text-accent"
            >
              {t("all")}
            </Link>
          )}
        </p>
        <FundsNotice
          coin={coin}
          available={available}
          needed={fields.amount.value}
          transferTo={coin === "USDT" ? "spot" : undefined}
          className="mt-2"
        />
        <dl className="card mt-4 text-sm">
          <InfoRow label={t("min_withdraw")}>
            {n.qty(minimum)} {coin}
          </InfoRow>
          <InfoRow label={t("network_fee")}>
            {n.qty(fee)} {coin}
          </InfoRow>
          <InfoRow label={t("receive")} strong>
            <output aria-live="polite" data-testid="receive">
              {receive ? `${n.qty(receive)} ${coin}` : "—"}
            </output>
          </InfoRow>
        </dl>
        {!hydrated && (
          <button type="submit" name="intent" value="preview" className="btn btn-secondary btn-block mt-3">
            {t("calculate")}
          </button>
        )}
        <Field
          field={fields.payment_password}
          label={t("fund_password")}
          type="password"
          autoComplete="off"
        />
        {googleBound && (
          <Field
            field={fields.google_code}
            label={t("google_code")}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        )}
        <ErrorList id={form.errorId} errors={form.errors} />
        <Notice kind="info">{t("withdraw_note", { network })}</Notice>
        <Submit name="intent" value="withdraw">
          {t("withdraw_submit")}
        </Submit>
      </Form>
    </div>
  );
}

type FiatData = NonNullable<Route.ComponentProps["loaderData"]["fiat"]>;
const loadFiatValidator = () =>
  import("../features/withdraw/forms.ts").then((m) => m.validators.fiatWithdraw);

/** USDT paid out to one of the customer's bank cards or e-wallets; reviewed like any withdrawal. */
function FiatWithdrawForm({
  data,
  googleBound,
  lastResult,
}: {
  data: FiatData;
  googleBound: boolean;
  lastResult: Route.ComponentProps["actionData"];
}) {
  const n = useNumbers();
  const { t } = useTranslation("wallet");
  const message = useMessage();
  const { terms, methods, available } = data;
  const coin = terms.coin;
  const fee = terms.withdraw_fee;
  const validate = useLazyValidator(loadFiatValidator);
  const [form, fields] = useForm<FiatWithdrawFields>({
    lastResult,
    defaultValue: { payment_method_id: methods[0] ? String(methods[0].id) : "", amount: data.amount },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const { setAmount, receive } = useReceive(String(fields.amount.initialValue ?? data.amount ?? ""), fee);
  if (!terms.withdraw_enabled) {
    return (
      <div className="px-4 pb-6">
        <Notice kind="info">{message("wallet.network_paused")}</Notice>
      </div>
    );
  }
  if (methods.length === 0) {
    return (
      <section className="card mx-4 mt-4" aria-labelledby="no-methods">
        <p id="no-methods">{t("no_payment_methods")}</p>
        <Link to={data.addAt} className="btn btn-primary btn-block mt-4">
          {t("add_payment_method")}
        </Link>
      </section>
    );
  }
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="px-4 pb-6"
      onInput={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === "amount") setAmount(target.value);
      }}
    >
      <p className="mt-4 text-sm text-muted">{t("fiat_withdraw_intro")}</p>
      <fieldset className="mt-4">
        <legend className="mb-1 text-sm text-muted">{t("payout_to")}</legend>
        <div className="grid gap-2">
          {methods.map((m) => (
            <label
              key={m.id}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-line px-3 py-2 has-[:checked]:border-accent"
            >
              <input
                {...getInputProps(fields.payment_method_id, { type: "radio", value: String(m.id) })}
                key={`${fields.payment_method_id.key}-${m.id}`}
                className="accent-[var(--accent)]"
              />
              <span className="min-w-0">
                <span className="block truncate">
                  {m.provider} {m.account}
                </span>
                <span className="block truncate text-xs text-muted">
                  {t(`fiat_methods.${m.kind}`)} · {m.holder}
                </span>
              </span>
            </label>
          ))}
        </div>
        <ErrorList id={fields.payment_method_id.errorId} errors={fields.payment_method_id.errors} />
        <Link to={data.addAt} className="mt-2 inline-block text-sm text-accent">
          {t("add_payment_method")}
        </Link>
      </fieldset>
      <Field
        field={fields.amount}
        label={t("amount_coin", { coin })}
        inputMode="decimal"
        autoComplete="off"
      />
      <p className="mt-1 flex justify-between text-xs text-muted">
        <span>{t("available_amount", { amount: n.amount(available), coin })}</span>
        {compare(available, "0") > 0 && (
          <Link
            to={`?${new URLSearchParams({ tab: "fiat", amount: available }).toString()}`}
            replace
            preventScrollReset
            className="text-accent"
          >
            {t("all")}
          </Link>
        )}
      </p>
      <FundsNotice coin={coin} available={available} transferTo="spot" className="mt-2" />
      <dl className="card mt-4 text-sm">
        <InfoRow label={t("min_withdraw")}>
          {n.qty(terms.min_withdraw)} {coin}
        </InfoRow>
        <InfoRow label={t("fee")}>
          {n.qty(fee)} {coin}
        </InfoRow>
        <InfoRow label={t("receive")} strong>
          <output aria-live="polite" data-testid="receive">
            {receive ? `${n.qty(receive)} ${coin}` : "—"}
          </output>
        </InfoRow>
      </dl>
      <Field field={fields.payment_password} label={t("fund_password")} type="password" autoComplete="off" />
      {googleBound && (
        <Field
          field={fields.google_code}
          label={t("google_code")}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      )}
      <ErrorList id={form.errorId} errors={form.errors} />
      <Submit>{t("withdraw_submit")}</Submit>
    </Form>
  );
}

/**
 * The amount being typed and what arrives after the fee: on the server from the posted amount,
 * then live as the amount is typed (a new posted amount replaces what was typed).
 */
function useReceive(initial: string, fee: string) {
  const [amount, setAmount] = useState(initial);
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    setSeen(initial);
    setAmount(initial);
  }
  const receive = isAmount(amount) && compare(amount, fee) > 0 ? minus(amount, fee) : undefined;
  return { amount, setAmount, receive };
}
