import { type RouterContextProvider, redirect } from "react-router";
import { type Desk, EXCHANGE_DESKS } from "../../platform/contract/wallet.ts";
import { numbers } from "../components/numbers.tsx";
import { convertForm, quoteForm } from "../forms/funds.ts";
import { parseForm } from "../forms/validate.ts";
import { fundsFor } from "../money.ts";
import { apiClient } from "./api.ts";
import { replyWithEnvelope } from "./forms.ts";
import { getI18n, getLocale } from "./i18n.ts";
import { flashToast } from "./session.ts";
import { pick } from "./wallet.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * What a conversion screen (/exchange, /bossex) shows: the spot coins with their balances, the
 * pair asked for in the query (or a sensible one), and the desk's terms as the platform applies them.
 */
export async function loadExchange(request: Request, context: Context, desk: Desk) {
  const url = new URL(request.url);
  const assets = await apiClient(request, context).data("/account/index");
  const coins = assets.wallets.spot.map((a) => ({ code: a.code, balance: a.balance }));
  const codes = coins.map((c) => c.code);
  const from = pick(url.searchParams.get("from"), codes);
  const to = pick(url.searchParams.get("to"), [
    ...codes.filter((c) => c !== from && c === (from === "USDT" ? "BTC" : "USDT")),
    ...codes.filter((c) => c !== from),
  ]);
  return { coins, from, to, desk, terms: EXCHANGE_DESKS[desk] };
}

export type ExchangeAsked = { from: string; to: string; amount: string };

/**
 * Two posts, as without JavaScript: "quote" asks the desk for a price (valid 10 s at the standard
 * desk, 20 s at the block desk) and shows it; "convert" executes that quote, or says it expired
 * and offers a new one. Executing needs no desk: the quote carries its own terms.
 */
export async function exchangeAction(request: Request, context: Context, desk: Desk) {
  const formData = await request.formData();
  const api = apiClient(request, context);
  if (formData.get("intent") === "convert") {
    const asked: ExchangeAsked = {
      from: String(formData.get("from") ?? ""),
      to: String(formData.get("to") ?? ""),
      amount: String(formData.get("amount") ?? ""),
    };
    const submission = parseForm(formData, { schema: convertForm, lang: getLocale(context) });
    const message = getI18n(context).t("messages:wallet.quote_expired");
    if (submission.status !== "success") return { step: "expired" as const, asked, message };
    const result = await api.post("/wallet/exchange", submission.value);
    if (result.status_code !== 200) return { step: "expired" as const, asked, message: result.message };
    flashToast(context, { kind: "success", message: result.message });
    return redirect(`/walletrecord?id=exchange:${submission.value.quote_id}`);
  }
  const submission = parseForm(formData, { schema: quoteForm, lang: getLocale(context) });
  if (submission.status !== "success") return { step: "form" as const, reply: submission.reply() };
  // Short funds are refused before a quote, by the rule the form's notice uses.
  const assets = await api.data("/account/index");
  const { from, amount } = submission.value;
  const available = assets.wallets.spot.find((a) => a.code === from)?.balance ?? "0";
  if (fundsFor(available, amount) !== "enough") {
    const i18n = getI18n(context);
    const n = numbers(i18n.language);
    const message = i18n.t("common:funds.refused", {
      coin: from,
      amount: n.amount(available),
      needed: n.amount(amount),
    });
    return { step: "form" as const, reply: submission.reply({ fieldErrors: { amount: [message] } }) };
  }
  const result = await api.post("/wallet/exchange/quote", { ...submission.value, desk });
  if (result.status_code !== 200)
    return { step: "form" as const, reply: replyWithEnvelope(submission, result) };
  return { step: "quote" as const, reply: submission.reply(), quote: result.data };
}
