import { getFormProps, useForm } from "@conform-to/react";
import { useCallback } from "react";
import { data, Form, Link, redirect } from "react-router";
import { compare, isAmount } from "../../platform/contract/decimal.ts";
import { apiClient } from "../.server/api.ts";
import { allProducts, spotAvailable } from "../.server/earn.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { getI18n, getLocale } from "../.server/i18n.ts";
import { flashToast } from "../.server/session.ts";
import { maxJoin, percent } from "../components/earn/calc.ts";
import { dailyIncome } from "../components/earn/live.ts";
import { CalculateButton, Row, useAmountInput } from "../components/earn/rows.tsx";
import { RECORDS_OF } from "../components/earn/types.ts";
import { productName } from "../components/earn/ui.tsx";
import { ErrorList, Field, Submit, useLazyValidator } from "../components/form.tsx";
import { FundsNotice } from "../components/funds-notice.tsx";
import { numbers, useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import { Notice } from "../components/wallet.tsx";
import { joinForm } from "../forms/earn.ts";
import { parseForm } from "../forms/validate.ts";
import type { RouteHandle } from "../handle.ts";
import { formatAmount } from "../money.ts";
import type { Route } from "./+types/mining";

// Joining one product (a mining pool, staking or lock-up): /mining?id=ID.
export const handle: RouteHandle = {
  title: "earn:join_title",
  back: "/coinlist",
  hideNav: true,
  i18n: ["earn"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const n = numbers(getI18n(context).language);
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw redirect("/coinlist");
  const api = apiClient(request, context);
  const product = (await allProducts(api)).find((p) => p.id === id);
  if (!product) throw data({ message: getI18n(context).t("messages:errors.not_found") }, { status: 404 });
  const available = await spotAvailable(api, product.coin);
  const amount = url.searchParams.get("amount") ?? "";
  const most = maxJoin(available, product);
  const i18n = getI18n(context);
  // The figures that do not change in the page are written here: its script stays small.
  const shown = {
    name: productName(i18n, product),
    lock:
      product.lock_days > 0
        ? i18n.t("earn:lock_days", { count: product.lock_days })
        : i18n.t("earn:flexible"),
    rate: percent(product.daily_rate, 1, n.lang),
    penalty: percent(product.early_exit_penalty, 1, n.lang),
    remaining: n.amount(product.pool_remaining, 0),
    total: n.amount(product.pool_total, 0),
    minimum: n.amount(product.min_purchase, 0),
    maximum: n.amount(product.max_purchase, 0),
    available: n.amount(available, 0),
    /** What "Max" fills in: the balance, the maximum purchase or what is left, the least. */
    max: compare(most, "0") > 0 ? formatAmount(most, 0) : null,
  };
  return { product, available, shown, amount: isAmount(amount) ? amount : "" };
}

/** Joins (parameters in the query, as the spec's API takes them); on to the records of its kind. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, { schema: joinForm, lang: getLocale(context) });
  // Without JavaScript, "Calculate" posts the amount to show the day's income before joining.
  if (formData.get("intent") === "preview" || submission.status !== "success") return submission.reply();
  const { id, amount, kind } = submission.value;
  const result = await apiClient(request, context).post("/user/miningpost", undefined, {
    id,
    amount,
  });
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  flashToast(context, { kind: "success", message: result.message });
  return redirect(RECORDS_OF[kind]);
}

type JoinFields = { id: string; kind: string; amount: string };

export default function Mining({ loaderData, actionData }: Route.ComponentProps) {
  // "Max" starts the form afresh with its amount.
  return (
    <JoinForm
      key={`${loaderData.product.id}:${loaderData.amount}`}
      data={loaderData}
      lastResult={actionData}
    />
  );
}

function JoinForm({
  data: { product: p, available, shown, amount: preset },
  lastResult,
}: {
  data: Route.ComponentProps["loaderData"];
  lastResult: Route.ComponentProps["actionData"];
}) {
  const n = useNumbers();
  const { t } = useTranslation("earn");
  const { pool_remaining: remaining, min_purchase: minimum, max_purchase: maximum } = p;
  const load = useCallback(
    () =>
      import("../forms/earn.ts").then((m) => m.validators.join({ remaining, minimum, maximum, available })),
    [remaining, minimum, maximum, available],
  );
  const validate = useLazyValidator(load);
  const [form, fields] = useForm<JoinFields>({
    lastResult,
    defaultValue: { amount: preset },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const { amount, onInput } = useAmountInput(String(fields.amount.initialValue ?? preset));
  const income = dailyIncome(amount, p.daily_rate);
  const penalty = /[1-9]/.test(p.early_exit_penalty);
  return (
    <div className="px-4 pb-6">
      <section className="card mt-4" aria-labelledby="product-name">
        <div className="flex items-center justify-between gap-2">
          <h2 id="product-name" className="font-semibold">
            {shown.name}
          </h2>
          <span
            className={`shrink-0 rounded border px-1.5 py-0.5 text-xs ${p.lock_days > 0 ? "border-accent/60 text-accent" : "border-up/60 text-up"}`}
          >
            {shown.lock}
          </span>
        </div>
        <p className="mt-2 text-2xl font-bold up">
          {shown.rate} <span className="text-sm font-normal text-muted">{t("per_day")}</span>
        </p>
        <dl className="mt-2 text-sm">
          <Row label={t("pool_remaining")}>
            {shown.remaining} / {shown.total} {p.coin}
          </Row>
          <Row label={t("min_purchase")}>
            {shown.minimum} {p.coin}
          </Row>
          <Row label={t("max_purchase")}>
            {shown.maximum} {p.coin}
          </Row>
        </dl>
      </section>
      <Form method="post" {...getFormProps(form)} onInput={onInput}>
        <input type="hidden" name="id" value={p.id} />
        <input type="hidden" name="kind" value={p.kind} />
        <Field
          field={fields.amount}
          label={t("amount_coin", { coin: p.coin })}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t("range_placeholder", { minimum: shown.minimum, maximum: shown.maximum })}
        />
        <p className="mt-1 flex justify-between text-xs text-muted">
          <span data-testid="available">{t("available", { amount: shown.available, coin: p.coin })}</span>
          {shown.max && (
            <Link to={`?id=${p.id}&amount=${shown.max}`} replace preventScrollReset className="text-accent">
              {t("max")}
            </Link>
          )}
        </p>
        <FundsNotice
          coin={p.coin}
          available={available}
          needed={amount}
          transferTo={p.coin === "USDT" ? "spot" : undefined}
          className="mt-2"
        />
        <ErrorList id={fields.id.errorId} errors={fields.id.errors} />
        <dl className="card mt-4 text-sm">
          <Row label={t("expected_daily")} strong>
            <output aria-live="polite" data-testid="daily-income">
              {income ? `${n.amount(income, 0)} ${p.coin}` : "—"}
            </output>
          </Row>
          <Row label={t("lock_period")}>{shown.lock}</Row>
          <Row label={t("income_paid")}>{t("income_paid_daily")}</Row>
        </dl>
        <CalculateButton />
        <Notice kind={penalty ? "warn" : "info"}>
          {penalty
            ? t("early_exit_warning", {
                percent: shown.penalty,
                days: t("lock_days", { count: p.lock_days }),
              })
            : t("flexible_note")}
        </Notice>
        <p className="mt-2 text-xs text-muted" data-testid="income-rule">
          {t("income_rule")}
        </p>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit name="intent" value="join">
          {t("join_confirm")}
        </Submit>
      </Form>
    </div>
  );
}
