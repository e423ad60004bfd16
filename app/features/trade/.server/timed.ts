import { data, type RouterContextProvider, redirect } from "react-router";
import type { Envelope } from "../../../../platform/contract/envelope.ts";
import { parseMessageKey } from "../../../../platform/contract/message-key.ts";
import { localizeParams } from "../../../../platform/contract/numbers.ts";
import { optionBetBody, periodNoField } from "../../../../platform/contract/options.ts";
import { betAmountRefusal, type OptionBet } from "../../../../platform/contract/timed.ts";
import { apiClient } from "../../../.server/api.ts";
import { getI18n, getLocale } from "../../../.server/i18n.ts";
import { marketEntries } from "../../../.server/market.ts";
import { flashToast, getToken } from "../../../.server/session.ts";
import { numbers } from "../../../components/numbers.tsx";
import { formSchema } from "../../../forms/validate.ts";
import { fundsFor } from "../../../money.ts";
import type { TradeState } from "../state.ts";
import { betFigures } from "../timed-figures.ts";
import { timedHref } from "../timed-links.ts";

type Context = Readonly<RouterContextProvider>;

/** Where the timed screen is: its instrument, its period and the page of past bets. */
export function timedPlace(q: URLSearchParams, state: TradeState) {
  const page = Number(q.get("page"));
  return {
    code: state.code,
    period: Number(q.get("period")) || undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The timed-contract mode of /tradeing: its products, the round taking bets, the user's bets. */
export async function timedLoader(request: Request, context: Context, state: TradeState) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const api = apiClient(request, context);
  const signedIn = Boolean(getToken(context));
  const place = timedPlace(q, state);
  const [all, entries] = await Promise.all([api.data("/option/products"), marketEntries(request, context)]);
  const codes = [...new Set(all.map((p) => p.code))];
  // An instrument without timed contracts opens the first one that has them.
  const code = codes.includes(place.code) ? place.code : codes[0];
  const entry = entries.find((e) => e.instrument.code === code);
  if (!code || !entry) throw data(null, { status: 404 });
  const products = all.filter((p) => p.code === code);
  const product = products.find((p) => p.period_seconds === place.period) ?? products[0];
  if (!product) throw data(null, { status: 404 });
  const [current, results, assets, pending, settled] = await Promise.all([
    api.data("/option/current", { product_id: product.id }),
    api.data("/option/results", { product_id: product.id, limit: 5 }),
    signedIn ? api.data("/account/index") : undefined,
    signedIn ? api.data("/option/bets", { status: "pending", limit: 50 }) : undefined,
    signedIn ? api.data("/option/bets", { status: "settled", limit: 10, page: place.page }) : undefined,
  ]);
  const amount = q.get("amount");
  return {
    timed: {
      state: { ...state, code },
      codes,
      instrument: entry.instrument,
      ticker: entry.ticker,
      products,
      product,
      current,
      results: results.list,
      signedIn,
      available: assets?.wallets.spot.find((a) => a.code.toUpperCase() === "USDT")?.balance,
      pending: pending?.list ?? [],
      settled: settled ?? { list: [], page: 1, has_more: false },
      amount: amount && amount.length <= 40 ? amount.trim() : "",
      prompt: !signedIn && q.get("prompt") === "login",
      now: Date.now(),
    },
  };
}
export type TimedData = Awaited<ReturnType<typeof timedLoader>>["timed"];

/**
 * The bet form is the platform's own body (platform/contract/options.ts); the round it is for is
 * read on its own (the review step sends none).
 */
const betForm = optionBetBody.omit({ period_no: true });

/**
 * The timed screen's posts: "timed_review" checks the form and opens the confirmation (the
 * figures: fee, odds, profit or loss); "timed_bet" places the bet for the round the confirmation
 * showed. The review refuses what the platform would (the amount's rule, short funds) on the
 * field; a refusal at Confirm goes back to the form with the platform's message under the amount;
 * a round that closed meanwhile opens the confirmation again, for the round taking bets now,
 * with the same amount and direction; a placed bet redirects with a toast.
 */
export async function timedAction(request: Request, context: Context, form: FormData, state: TradeState) {
  const url = new URL(request.url);
  const intent = String(form.get("intent") ?? "");
  const place = timedPlace(url.searchParams, state);
  const period = Number(form.get("period")) || place.period;
  const here = (extra: Record<string, string> = {}) => timedHref(state.code, period, extra);
  if (!getToken(context)) return redirect(here({ prompt: "login" }));
  const i18n = getI18n(context);
  const { t } = i18n;
  const say = (message: { key: string; params: Record<string, string> }) =>
    t(`messages:${message.key}`, localizeParams(i18n.language, message.params));
  const amount = String(form.get("amount") ?? "").slice(0, 40);
  // The round the confirmation was for: one that is not a round is no round (asked again below).
  const { period_no: sentRound, ...submitted } = Object.fromEntries(form);
  const round = periodNoField.safeParse(sentRound);
  const confirmed = round.success ? round.data : undefined;
  const parsed = formSchema(betForm, getLocale(context)).safeParse(submitted);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "amount");
      const at = field === "amount" ? field : "form";
      errors[at] = [...(errors[at] ?? []), say(parseMessageKey(issue.message))];
    }
    const { form: formErrors, ...fields } = errors;
    return { form: "timed", values: { amount }, errors: fields, message: formErrors?.[0] } as const;
  }
  if (intent !== "timed_review" && intent !== "timed_bet") {
    flashToast(context, { kind: "error", message: t("messages:errors.bad_request") });
    return redirect(here());
  }
  const bet = parsed.data;
  const api = apiClient(request, context);
  const refused = (message: string) =>
    ({ form: "timed", values: { amount }, errors: { amount: [message] } }) as const;
  /** The confirmation (with a notice: again, for the round taking bets now), or the refusal. */
  const review = async (notice?: string) => {
    const [products, assets] = await Promise.all([api.data("/option/products"), api.data("/account/index")]);
    const product = products.find((p) => p.id === bet.product_id);
    if (!product)
      return {
        form: "timed",
        values: { amount },
        errors: {},
        message: t("messages:options.product_unknown"),
      } as const;
    // The platform's own rule of the amount (decimals, limits), before any confirmation.
    const rule = betAmountRefusal(product, bet.amount);
    if (rule) return refused(say(rule));
    // Short funds too, by the rule the form's notice uses.
    const available = assets.wallets.spot.find((a) => a.code.toUpperCase() === "USDT")?.balance ?? "0";
    const cost = betFigures(product, bet.amount)?.cost;
    if (fundsFor(available, cost) !== "enough") {
      const n = numbers(i18n.language);
      return refused(
        t("common:funds.refused", {
          coin: "USDT",
          amount: n.amount(available),
          needed: n.amount(cost ?? bet.amount),
        }),
      );
    }
    return { form: "timed_review", bet, notice } as const;
  };
  if (intent === "timed_review") return review();
  // A confirmation that did not say which round it was for (a page from before rounds were
  // sent): shown again, with its round.
  if (!confirmed) return review(t("messages:options.round_closed"));
  const result: Envelope<OptionBet> = await api.post("/option/bet", { ...bet, period_no: confirmed });
  if (result.status_code !== 200) {
    const { amount: amountErrors, period_no: roundErrors, ...other } = result.errors ?? {};
    if (roundErrors) return review(roundErrors[0] ?? result.message);
    const message = Object.values(other).flat()[0] ?? (amountErrors ? undefined : result.message);
    return {
      form: "timed",
      values: { amount },
      errors: amountErrors ? { amount: amountErrors } : {},
      message,
    } as const;
  }
  flashToast(context, { kind: "success", message: result.message });
  return redirect(here());
}
