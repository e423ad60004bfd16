import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, redirect } from "react-router";
import { isAmount } from "../../platform/contract/decimal.ts";
import { apiClient } from "../.server/api.ts";
import { spotAvailable } from "../.server/earn.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { getI18n, getLocale } from "../.server/i18n.ts";
import { flashToast, getToken } from "../.server/session.ts";
import { useDates } from "../components/dates.tsx";
import { percent } from "../components/earn/calc.ts";
import { dailyIncome } from "../components/earn/live.ts";
import { Figure } from "../components/earn/ui.tsx";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { FundsNotice } from "../components/funds-notice.tsx";
import { Icon } from "../components/icon.tsx";
import { type Numbers, numbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import { fortuneForm } from "../forms/earn.ts";
import { parseForm } from "../forms/validate.ts";
import type { RouteHandle } from "../handle.ts";
import { formatAmount } from "../money.ts";
import type { ScreenPath } from "../route-table.ts";
import type { Route } from "./+types/fortune";

// The daily-interest wallet (spec route name `fortune`, public): the offer for everyone; balance,
// earnings and money in and out for a signed-in user. Nothing here changes in the page, so the
// figures are worked out on the server and the page carries no arithmetic.
export const handle: RouteHandle = { title: "earn:fortune_title", back: "/", hideNav: true, i18n: ["earn"] };

type Intent = "deposit" | "withdraw";
const LOGIN = `/login?redirectTo=${encodeURIComponent("/fortune")}`;

/** What a form shows as there to move, and what "All" fills it with (none when nothing). */
const movable = (n: Numbers, value: string) => ({
  shown: n.amount(value, 0),
  all: /[1-9]/.test(value) ? formatAmount(value, 0) : null,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const n = numbers(getI18n(context).language);
  const api = apiClient(request, context);
  const fortune = await api.data("/earn/fortune");
  const { daily_rate: rate, first_reward: reward, coin, mine } = fortune;
  const offer = {
    coin,
    rate: percent(rate, 1, n.lang),
    apr: percent(rate, 365, n.lang),
    example: n.amount(dailyIncome("100", rate) ?? "0", 0),
    reward: n.amount(reward, 0),
    // The reward's terms (operator settings): the minimum to hold, and for how many days.
    minimum: n.amount(fortune.reward_min_deposit, 0),
    days: fortune.reward_hold_days,
  };
  if (!mine) return { offer, mine: null };
  // "All" fills a form with everything there is (a link: it works without JavaScript).
  const url = new URL(request.url);
  const preset = (intent: Intent) => {
    const value = url.searchParams.get(intent) ?? "";
    return isAmount(value) ? value : "";
  };
  return {
    offer,
    mine: {
      balance: n.amount(mine.balance, 2),
      yesterday: n.amount(mine.yesterday, 2),
      total: n.amount(mine.total, 2),
      earned: { yesterday: /[1-9]/.test(mine.yesterday), total: /[1-9]/.test(mine.total) },
      rewarded: mine.first_reward_received,
      vestsAt: mine.first_reward.status === "pending" ? mine.first_reward.vests_at : null,
      deposit: { ...movable(n, await spotAvailable(api, coin)), preset: preset("deposit") },
      withdraw: { ...movable(n, mine.balance), preset: preset("withdraw") },
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!getToken(context)) return redirect(LOGIN);
  const formData = await request.formData();
  const intent: Intent = formData.get("intent") === "withdraw" ? "withdraw" : "deposit";
  const submission = parseForm(formData, { schema: fortuneForm, lang: getLocale(context) });
  if (submission.status !== "success") return { intent, result: submission.reply() };
  const result = await apiClient(request, context).post(`/earn/fortune/${intent}`, {
    amount: submission.value.amount,
  });
  if (result.status_code !== 200) return { intent, result: replyWithEnvelope(submission, result) };
  flashToast(context, { kind: "success", message: result.message });
  return redirect("/fortune");
}

export default function Fortune({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("earn");
  const dates = useDates();
  const { offer, mine } = loaderData;
  const { coin } = offer;
  // The days as a phrase in the language's plural form ("1 day", "5 дней").
  const terms = {
    amount: offer.reward,
    coin,
    minimum: offer.minimum,
    days: t("lock_days", { count: offer.days }),
  };
  const termsText = t(offer.days > 0 ? "first_reward_pending" : "first_reward_now", terms);
  return (
    <div className="px-4 pb-6">
      <section className="promo mt-4" aria-labelledby="offer-title">
        <p className="text-xs font-semibold uppercase tracking-wide text-accent">{t("fortune_kicker")}</p>
        <h2 id="offer-title" className="mt-1 text-2xl font-bold">
          <span className="up">{offer.rate}</span> {t("per_day")}
        </h2>
        <p className="mt-1" data-testid="fortune-offer">
          {t("fortune_example", { base: "100", income: offer.example, coin })}
        </p>
        <p className="mt-2 flex items-center gap-2 text-sm">
          <span className="text-accent">
            <Icon name="gift" size={18} />
          </span>
          {t("first_reward_offer", { amount: offer.reward, coin })}
        </p>
        <p className="mt-1 text-xs text-muted" data-testid="first-reward-terms">
          {termsText}
        </p>
        <p className="mt-1 text-xs text-muted">{t("apr_of", { rate: offer.apr })}</p>
      </section>

      {mine ? (
        <>
          <section className="card mt-4" aria-labelledby="mine-title">
            <h2 id="mine-title" className="text-sm text-muted">
              {t("fortune_balance", { coin })}
            </h2>
            <p className="mt-1 text-2xl font-bold" data-testid="fortune-balance">
              {mine.balance}
            </p>
            <div className="mt-3 grid grid-cols-2 gap-3">
              <Figure label={t("yesterday_income", { coin })}>
                <span className={mine.earned.yesterday ? "up" : ""}>{mine.yesterday}</span>
              </Figure>
              <Figure label={t("total_income", { coin })} className="text-right">
                <span className={mine.earned.total ? "up" : ""} data-testid="fortune-total">
                  {mine.total}
                </span>
              </Figure>
            </div>
            <p className="mt-3 flex items-center gap-2 text-sm" data-testid="first-reward">
              {mine.rewarded ? (
                <>
                  <span className="up">
                    <Icon name="check" size={18} />
                  </span>
                  {t("first_reward_received", { amount: offer.reward, coin })}
                </>
              ) : mine.vestsAt ? (
                t("first_reward_vesting", { ...terms, date: dates.dateTime(mine.vestsAt) })
              ) : (
                termsText
              )}
            </p>
          </section>
          {(["deposit", "withdraw"] as const).map((intent) => (
            <MoveForm
              key={`${intent}:${mine[intent].preset}`}
              intent={intent}
              coin={coin}
              movable={mine[intent]}
              lastResult={actionData?.intent === intent ? actionData.result : undefined}
            />
          ))}
        </>
      ) : (
        <section className="card mt-4" aria-labelledby="join-title">
          <h2 id="join-title" className="font-semibold">
            {t("fortune_join_title")}
          </h2>
          <p className="mt-1 text-sm text-muted">{t("fortune_join_body")}</p>
          <div className="mt-4 grid grid-cols-2 gap-3">
            <Link to={LOGIN} className="btn btn-primary">
              {t("common:actions.login")}
            </Link>
            <Link to={"/resgister" satisfies ScreenPath} className="btn btn-secondary">
              {t("common:actions.register")}
            </Link>
          </div>
        </section>
      )}

      <section className="mt-6" aria-labelledby="how-title">
        <h2 id="how-title" className="font-semibold">
          {t("how_title")}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted">
          <li>{t("how_1", { coin })}</li>
          <li>{t("how_2")}</li>
          <li>{t(offer.days > 0 ? "how_3" : "how_3_now", terms)}</li>
          <li>{t("how_4")}</li>
        </ol>
      </section>
    </div>
  );
}

const loadValidator = () => import("../forms/earn.ts").then((m) => m.validators.fortune);

/** Money into the wallet (from spot) or out of it (back to spot). */
function MoveForm({
  intent,
  coin,
  movable: { shown, all, preset },
  lastResult,
}: {
  intent: Intent;
  coin: string;
  movable: { shown: string; all: string | null; preset: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("earn");
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<{ intent: string; amount: string }>({
    id: `fortune-${intent}`,
    lastResult,
    defaultValue: { amount: preset },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <section className="card mt-4" aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`} className="font-semibold">
        {t(`fortune_${intent}_title`)}
      </h2>
      <Form method="post" {...getFormProps(form)}>
        <HoneypotInputs />
        <input type="hidden" name="intent" value={intent} />
        <Field
          field={fields.amount}
          label={t(`fortune_${intent}_amount`, { coin })}
          inputMode="decimal"
          autoComplete="off"
        />
        <p className="mt-1 flex justify-between text-xs text-muted">
          <span>{t(intent === "deposit" ? "available" : "in_wallet", { amount: shown, coin })}</span>
          {all && (
            <Link to={`?${intent}=${all}`} replace preventScrollReset className="text-accent">
              {t("all")}
            </Link>
          )}
        </p>
        {intent === "deposit" && (
          <FundsNotice
            coin={coin}
            available={all ?? "0"}
            needed={fields.amount.value}
            transferTo={coin === "USDT" ? "spot" : undefined}
            className="mt-2"
          />
        )}
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t(`fortune_${intent}_submit`)}</Submit>
      </Form>
    </section>
  );
}
