import type { Submission } from "@conform-to/react";
import { type RouterContextProvider, redirect } from "react-router";
import type { Envelope } from "../../../../platform/contract/envelope.ts";
import { apiClient } from "../../../.server/api.ts";
import { replyWithEnvelope, SECRET_FIELDS } from "../../../.server/forms.ts";
import { getI18n, getLocale } from "../../../.server/i18n.ts";
import { flashToast } from "../../../.server/session.ts";
import { numbers } from "../../../components/numbers.tsx";
import { parseForm } from "../../../forms/validate.ts";
import { fundsFor } from "../../../money.ts";
import { fiatWithdrawForm, withdrawForm, withdrawPreviewForm } from "../forms.ts";
import type { WithdrawActionResult } from "../types.ts";

type Context = Readonly<RouterContextProvider>;

/** Never sent back into the page. */
const HIDDEN_FIELDS = [...SECRET_FIELDS, "google_code"];

/**
 * The withdrawal screen's posts: a fiat withdrawal (?tab=fiat); without JavaScript "Calculate"
 * (intent=preview); a crypto withdrawal. Done: to its record with a toast; refused: the form
 * again with its errors, the passwords and the Google code left out.
 */
export async function withdrawAction(
  request: Request,
  context: Context,
): Promise<WithdrawActionResult | Response> {
  const formData = await request.formData();
  if (new URL(request.url).searchParams.get("tab") === "fiat") {
    const submission = parseForm(formData, { schema: fiatWithdrawForm, lang: getLocale(context) });
    if (submission.status !== "success") return submission.reply({ hideFields: HIDDEN_FIELDS });
    const result = await apiClient(request, context).post("/wallet/withdraw/fiat", submission.value);
    return answer(context, submission, result);
  }
  if (formData.get("intent") === "preview") return preview(formData, request, context);
  const submission = parseForm(formData, { schema: withdrawForm, lang: getLocale(context) });
  if (submission.status !== "success") return submission.reply({ hideFields: HIDDEN_FIELDS });
  const result = await apiClient(request, context).post("/wallet/withdraw", submission.value);
  return answer(context, submission, result);
}

/**
 * Without JavaScript, "Calculate" posts the amount to show what arrives before committing. Short
 * funds are said here, before the address and codes, by the rule the form's notice uses.
 */
async function preview(formData: FormData, request: Request, context: Context) {
  const submission = parseForm(formData, { schema: withdrawPreviewForm, lang: getLocale(context) });
  if (submission.status !== "success") return submission.reply({ hideFields: HIDDEN_FIELDS });
  const assets = await apiClient(request, context).data("/account/index");
  const { coin, amount } = submission.value;
  const available = assets.wallets.spot.find((a) => a.code === coin)?.balance ?? "0";
  if (fundsFor(available, amount) !== "enough") {
    const i18n = getI18n(context);
    const n = numbers(i18n.language);
    const message = i18n.t("common:funds.refused", {
      coin,
      amount: n.amount(available),
      needed: n.amount(amount),
    });
    return submission.reply({ fieldErrors: { amount: [message] }, hideFields: HIDDEN_FIELDS });
  }
  return submission.reply({ hideFields: HIDDEN_FIELDS });
}

/** Done: to the withdrawal's record with a toast; refused: the form again with the platform's messages. */
function answer(context: Context, submission: Submission<unknown>, result: Envelope<{ id: number }>) {
  if (result.status_code !== 200) return withoutCodes(replyWithEnvelope(submission, result));
  flashToast(context, { kind: "success", message: result.message });
  return redirect(`/walletrecord?id=withdrawal:${result.data.id}`);
}

/** replyWithEnvelope hides the passwords; the one-time Google code goes too. */
function withoutCodes<T extends { initialValue?: Record<string, unknown> | null }>(reply: T): T {
  if (!reply.initialValue) return reply;
  const initialValue = { ...reply.initialValue };
  for (const field of HIDDEN_FIELDS) delete initialValue[field];
  return { ...reply, initialValue };
}
