import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, redirect } from "react-router";
import { compare, isAmount } from "../../platform/contract/decimal.ts";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { getLocale } from "../.server/i18n.ts";
import { flashToast } from "../.server/session.ts";
import { pick } from "../.server/wallet.ts";
import { ErrorList, Field, Submit, useLazyValidator } from "../components/form.tsx";
import { FundsNotice } from "../components/funds-notice.tsx";
import { Icon } from "../components/icon.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import { Chips, isWallet, type WalletName } from "../components/wallet.tsx";
import { transferForm } from "../forms/funds.ts";
import { parseForm } from "../forms/validate.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/transfer";

export const handle: RouteHandle = {
  title: "wallet:transfer_title",
  back: "/asset",
  hideNav: true,
  i18n: ["wallet"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const assets = await apiClient(request, context).data("/account/index");
  const from: WalletName = isWallet(url.searchParams.get("from"))
    ? (url.searchParams.get("from") as WalletName)
    : "spot";
  const to: WalletName = from === "spot" ? "contract" : "spot";
  const coins = [...new Set([...assets.wallets.spot, ...assets.wallets.contract].map((a) => a.code))];
  const coin = pick(url.searchParams.get("coin"), coins);
  const available = assets.wallets[from].find((a) => a.code === coin)?.balance ?? "0";
  const amount = url.searchParams.get("amount") ?? "";
  return { coins, coin, from, to, available, amount: isAmount(amount) ? amount : "" };
}

/** Moves the coin at once; back to the assets of the wallet it went to. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, { schema: transferForm, lang: getLocale(context) });
  if (submission.status !== "success") return submission.reply();
  const result = await apiClient(request, context).post("/wallet/transfer", submission.value);
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  flashToast(context, { kind: "success", message: result.message });
  return redirect(`/asset?wallet=${submission.value.to}`);
}

type TransferFields = { coin: string; from: string; to: string; amount: string };
const loadValidator = () => import("../forms/funds.ts").then((m) => m.validators.transfer);

export default function Transfer({ loaderData, actionData }: Route.ComponentProps) {
  // A new coin, direction or "all" starts the form afresh with its values.
  const { coin, from, amount } = loaderData;
  return <TransferForm key={`${coin}:${from}:${amount}`} data={loaderData} lastResult={actionData} />;
}

function TransferForm({
  data: loaderData,
  lastResult,
}: {
  data: Route.ComponentProps["loaderData"];
  lastResult: Route.ComponentProps["actionData"];
}) {
  const n = useNumbers();
  const { t } = useTranslation("wallet");
  const { coins, coin, from, to, available } = loaderData;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<TransferFields>({
    lastResult,
    defaultValue: { amount: loaderData.amount },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const name = (w: WalletName) => t(`wallet_names.${w}`);
  return (
    <div className="px-4 pb-6">
      <h2 className="mt-4 mb-2 text-sm text-muted">{t("coin")}</h2>
      <Chips
        label={t("coin")}
        options={coins.map((c) => ({ value: c, label: c }))}
        current={coin}
        href={(c) => `?coin=${c}&from=${from}`}
      />
      <section className="card mt-4 flex items-center gap-3" aria-label={t("direction")}>
        <dl className="flex-1">
          <div className="flex items-center justify-between border-b border-line pb-2">
            <dt className="text-muted">{t("from")}</dt>
            <dd className="font-semibold" data-testid="transfer-from">
              {name(from)}
            </dd>
          </div>
          <div className="flex items-center justify-between pt-2">
            <dt className="text-muted">{t("to")}</dt>
            <dd className="font-semibold" data-testid="transfer-to">
              {name(to)}
            </dd>
          </div>
        </dl>
        <Link
          to={`?coin=${coin}&from=${to}`}
          replace
          preventScrollReset
          className="topbar-back rounded-full bg-line text-accent"
          aria-label={t("swap")}
        >
          <Icon name="transfer" size={20} />
        </Link>
      </section>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="coin" value={coin} />
        <input type="hidden" name="from" value={from} />
        <input type="hidden" name="to" value={to} />
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
              to={`?coin=${coin}&from=${from}&amount=${available}`}
              replace
              preventScrollReset
              className="text-accent"
            >
              {t("all")}
            </Link>
          )}
        </p>
        <FundsNotice coin={coin} available={available} needed={fields.amount.value} className="mt-2" />
        <ErrorList id={fields.to.errorId} errors={fields.to.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("transfer_submit")}</Submit>
      </Form>
    </div>
  );
}
