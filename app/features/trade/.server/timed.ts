import { data, type RouterContextProvider, redirect } from "react-router";
import { compare } from "../../../../platform/contract/decimal.ts";
import type { Envelope } from "../../../../platform/contract/envelope.ts";
import { parseMessageKey } from "../../../../platform/contract/message-key.ts";
import { localizeParams } from "../../../../platform/contract/numbers.ts";
import { optionBetBody } from "../../../../platform/contract/options.ts";
import type { OptionBet } from "../../../../platform/contract/timed.ts";
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

/** The bet form is the platform's own body (platform/contract/options.ts). */
const betForm = optionBetBody;

/**
 * The timed screen's posts: "timed_review" checks the form and opens the confirmation (the
 * figures: fee, odds, profit or loss); "timed_bet" places the bet. A refusal goes back to the
 * form with the platform's message under the amount; a placed bet redirects with a toast.
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
  const amount = String(form.get("amount") ?? "").slice(0, 40);
  const parsed = formSchema(betForm, getLocale(context)).safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "amount");
      const { key, params } = parseMessageKey(issue.message);
      const at = field === "product_id" || field === "direction" ? "form" : field;
      errors[at] = [...(errors[at] ?? []), t(`messages:${key}`, localizeParams(i18n.language, params))];
    }
    const { form: formErrors, ...fields } = errors;
    return { form: "timed", values: { amount }, errors: fields, message: formErrors?.[0] } as const;
  }
  if (intent !== "timed_review" && intent !== "timed_bet") {
    flashToast(context, { kind: "error", message: t("messages:errors.bad_request") });
    return redirect(here());
  }
  const api = apiClient(request, context);
  if (intent === "timed_review") {
    // Short funds are refused here, before the confirmation, by the rule the form's notice uses.
    const [products, assets] = await Promise.all([api.data("/option/products"), api.data("/account/index")]);
    const product = products.find((p) => p.id === parsed.data.product_id);
    const available = assets.wallets.spot.find((a) => a.code.toUpperCase() === "USDT")?.balance ?? "0";
    const cost = product ? betFigures(product, parsed.data.amount)?.cost : undefined;
    // Out of the product's limits: the platform's own limit message says it (at Confirm).
    const within =
      product !== undefined &&
      compare(parsed.data.amount, product.min_amount) >= 0 &&
      compare(parsed.data.amount, product.max_amount) <= 0;
    if (within && fundsFor(available, cost) !== "enough") {
      const message = t("common:funds.refused", {
        coin: "USDT",
        amount: numbers(i18n.language).amount(available),
        needed: numbers(i18n.language).amount(cost ?? parsed.data.amount),
      });
      return { form: "timed", values: { amount }, errors: { amount: [message] } } as const;
    }
    return { form: "timed_review", bet: parsed.data } as const;
  }
  const result: Envelope<OptionBet> = await api.post("/option/bet", parsed.data);
  if (result.status_code !== 200) {
    const { amount: amountErrors, ...other } = result.errors ?? {};
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
