import type { Submission } from "@conform-to/react";
import { type RouterContextProvider, redirect } from "react-router";
import { ceilAmount, dec } from "../../../../platform/contract/decimal.ts";
import type { Envelope } from "../../../../platform/contract/envelope.ts";
import { apiClient } from "../../../.server/api.ts";
import { getI18n, getLocale } from "../../../.server/i18n.ts";
import { flashToast, getToken } from "../../../.server/session.ts";
import { numbers } from "../../../components/numbers.tsx";
import { parseForm } from "../../../forms/validate.ts";
import { fundsFor } from "../../../money.ts";
import {
  type ContractOrder,
  closeForm,
  closePartForm,
  contractOrderForm,
  spotOrderForm,
  tpslForm,
} from "../forms.ts";
import { orderNeeds } from "../order-figures.ts";
import { readState, type TradeState, tradeHref } from "../state.ts";
import type { ReviewedOrder, TradeActionResult } from "../types.ts";
import { closeReview } from "./close-review.ts";
import { balancesFor, confirmsOrders, previewOrder, setConfirm } from "./preview.ts";
import { timedAction } from "./timed.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The platform refused an order: its messages go under the fields the form shows; a message
 * about anything else (the instrument, a stale price…) goes above the buttons.
 */
function orderReply(
  submission: Submission<unknown>,
  envelope: Pick<Envelope<unknown>, "message" | "errors">,
  shown: string[],
) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [field, messages] of Object.entries(envelope.errors ?? {})) {
    if (shown.includes(field)) fieldErrors[field] = messages;
    else formErrors.push(...messages);
  }
  if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(envelope.message);
  return submission.reply({ fieldErrors, formErrors });
}

const formState = (url: URL, form: FormData) => {
  const params = new URLSearchParams(url.search);
  for (const key of ["code", "mode", "contract_type", "type", "side", "tab", "leverage"]) {
    const value = form.get(key);
    if (typeof value === "string" && value) params.set(key, value);
  }
  return readState(params);
};

/**
 * The trade screen's posts, by intent: "review" and "place" an order (review opens the
 * confirmation when it is on), "cancel" one order, "cancel_all", "close_all", "close" a position
 * or part of it, set its "tpsl", turn confirmations back on ("confirm_on"); the timed screen's
 * bets go to timedAction. Done: a redirect with a toast; refused: the form again with its errors.
 */
export async function tradeAction(request: Request, context: Context) {
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const state = formState(url, form);
  if (state.mode === "timed") return timedAction(request, context, form, state);
  // Spec §2: a visitor without an account is asked whether to continue to log in.
  if (!getToken(context)) return redirect(tradeHref(state, {}, { prompt: "login" }));
  const api = apiClient(request, context);
  const i18n = getI18n(context);
  const { t } = i18n;
  const done = (envelope: Envelope<unknown>, changes: Partial<TradeState> = {}, headers?: Headers) => {
    flashToast(context, {
      kind: envelope.status_code === 200 ? "success" : "error",
      message: envelope.message,
    });
    return redirect(tradeHref(state, changes), { headers });
  };

  switch (intent) {
    case "review":
    case "place": {
      const contract = state.mode === "contract";
      const submission = parseForm(form, {
        schema: contract ? contractOrderForm : spotOrderForm,
        lang: getLocale(context),
      });
      if (submission.status !== "success")
        return { form: "order", reply: submission.reply() } satisfies TradeActionResult;
      const v = submission.value;
      const shown = contract ? ["quantity", "leverage", "take_profit", "stop_loss"] : ["quantity"];
      if (v.type === "limit") shown.push("price");
      const order: ReviewedOrder = {
        mode: state.mode,
        code: v.code,
        type: v.type,
        side: v.side,
        price: v.type === "limit" ? v.price : undefined,
        quantity: v.quantity,
        tab: state.tab,
      };
      if (contract) {
        const c = v as ContractOrder;
        Object.assign(order, {
          contract_type: c.contract_type,
          leverage: c.leverage,
          take_profit: c.take_profit,
          stop_loss: c.stop_loss,
        });
      }
      if (intent === "review" && (await confirmsOrders(request))) {
        const assets = await api.get("/account/index");
        const base = v.code.split("/")[0] ?? "";
        const preview = await previewOrder(
          api,
          order,
          balancesFor(assets.status_code === 200 ? assets.data : undefined, state.mode, base),
        );
        if (!preview.ok)
          return { form: "order", reply: orderReply(submission, preview, shown) } satisfies TradeActionResult;
        // Short funds are refused here, before the confirmation, by the rule the form's notice uses.
        const p = preview.preview;
        const needed = orderNeeds(
          state,
          {
            notional: dec(p.notional) ?? 0n,
            margin: dec(p.margin ?? p.notional) ?? 0n,
            fee: dec(p.fee) ?? 0n,
          },
          order.quantity,
        );
        if (fundsFor(p.available ?? "0", needed) !== "enough") {
          const message = t("common:funds.refused", {
            coin: p.available_coin,
            amount: numbers(i18n.language).amount(p.available ?? "0"),
            needed: numbers(i18n.language).amount(
              ceilAmount(needed ?? "0", p.available_coin === "USDT" ? 2 : 8),
            ),
          });
          return {
            form: "order",
            reply: submission.reply({ fieldErrors: { quantity: [message] } }),
          } satisfies TradeActionResult;
        }
        return {
          form: "review",
          reply: submission.reply(),
          order,
          preview: preview.preview,
        } satisfies TradeActionResult;
      }
      const { mode: _mode, tab: _tab, ...body } = order;
      const result = await api.post(contract ? "/contract/order" : "/spot/order", body);
      if (result.status_code !== 200)
        return { form: "order", reply: orderReply(submission, result, shown) } satisfies TradeActionResult;
      const headers = new Headers();
      if (form.get("skip_confirm") === "on") headers.append("Set-Cookie", await setConfirm(false));
      const tab = v.type === "limit" ? "orders" : contract ? "positions" : "history";
      return done(result, { tab, ...(order.leverage ? { leverage: order.leverage } : {}) }, headers);
    }
    case "cancel": {
      const market = form.get("market") === "spot" ? "spot" : "contract";
      return done(await api.post(`/${market}/cancel`, { id: String(form.get("id") ?? "") }), {
        tab: "orders",
      });
    }
    case "cancel_all":
      return done(await api.post(`/${state.mode}/cancel_all`), { tab: "orders" });
    case "close_all": {
      if (form.get("confirmed") !== "on" && (await confirmsOrders(request))) {
        const review = await closeReview(api, undefined);
        if (review) return { form: "review_close", review } satisfies TradeActionResult;
      }
      return done(await api.post("/contract/close_all"), { tab: "positions" });
    }
    case "close":
    case "tpsl": {
      const schema = intent === "tpsl" ? tpslForm : form.get("part") ? closePartForm : closeForm;
      const submission = parseForm(form, { schema, lang: getLocale(context) });
      const id = Number(form.get("position_id"));
      const values = Object.fromEntries(
        ["quantity", "take_profit", "stop_loss"].map((k) => [k, String(form.get(k) ?? "")]),
      );
      if (submission.status !== "success") {
        const errors = submission.reply().error ?? {};
        const fields = Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (v ? [[k, v]] : [])));
        return { form: intent, id, fields, values } satisfies TradeActionResult;
      }
      if (intent === "close" && form.get("confirmed") !== "on" && (await confirmsOrders(request))) {
        const review = await closeReview(api, {
          id,
          quantity: "quantity" in submission.value ? submission.value.quantity : undefined,
        });
        if (review) return { form: "review_close", review } satisfies TradeActionResult;
      }
      const result = await api.post(
        intent === "close" ? "/contract/close" : "/contract/tpsl",
        submission.value,
      );
      if (result.status_code === 422) {
        const known = intent === "close" ? ["quantity"] : ["take_profit", "stop_loss"];
        const fields = Object.fromEntries(
          Object.entries(result.errors ?? {}).filter(([k]) => known.includes(k)),
        );
        const message = Object.keys(fields).length === 0 ? result.message : undefined;
        return { form: intent, id, fields, message, values } satisfies TradeActionResult;
      }
      return done(result, { tab: "positions" });
    }
    case "confirm_on": {
      flashToast(context, { kind: "success", message: t("trade:confirm_turned_on") });
      return redirect(tradeHref(state), { headers: { "Set-Cookie": await setConfirm(true) } });
    }
    default:
      flashToast(context, { kind: "error", message: t("messages:errors.bad_request") });
      return redirect(tradeHref(state));
  }
}
