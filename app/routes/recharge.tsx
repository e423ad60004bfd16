import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import QRCode from "qrcode";
import { Form, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { claimFromForm, loadFaucet } from "../.server/faucet.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { getLocale } from "../.server/i18n.ts";
import { flashToast } from "../.server/session.ts";
import { networksByCoin, pick } from "../.server/wallet.ts";
import { CopyButton } from "../components/copy-button.tsx";
import { DemoFaucet } from "../components/demo-faucet.tsx";
import { ErrorList, Field, Submit, useLazyValidator } from "../components/form.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import { Chips, InfoRow, Notice, Tabs } from "../components/wallet.tsx";
import { fiatRechargeForm } from "../forms/funds.ts";
import { parseForm } from "../forms/validate.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/recharge";

export const handle: RouteHandle = {
  title: "wallet:recharge_title",
  back: "/asset",
  hideNav: true,
  i18n: ["wallet"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") === "fiat" ? ("fiat" as const) : ("crypto" as const);
  const api = apiClient(request, context);
  const faucet = await loadFaucet(api);
  if (tab === "fiat") return { tab, coins: [], networks: [], deposit: null, qr: "", faucet };
  const byCoin = await networksByCoin(api);
  // Only coins and networks that take deposits now.
  const open = [...byCoin].map(([coin, list]) => [coin, list.filter((n) => n.deposit_enabled)] as const);
  const coins = open.filter(([, list]) => list.length > 0).map(([coin]) => coin);
  const coin = pick(url.searchParams.get("coin"), coins);
  const networks = (open.find(([c]) => c === coin)?.[1] ?? []).map((n) => n.network);
  const network = pick(url.searchParams.get("network"), networks);
  const deposit = await api.data("/wallet/recharge/address", { coin, network });
  // Drawn here as SVG: no script, and nothing leaves the server to draw it.
  const qr = await QRCode.toString(deposit.address, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
  return { tab, coins, networks, deposit, qr, faucet };
}

/** A fiat recharge request: it waits for the operator to confirm the payment. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  // The demo faucet's button (on this screen and on /asset) posts here.
  if (formData.get("intent") === "faucet") return claimFromForm(request, context, formData);
  const submission = parseForm(formData, { schema: fiatRechargeForm, lang: getLocale(context) });
  if (submission.status !== "success") return submission.reply();
  const result = await apiClient(request, context).post("/wallet/recharge/fiat", submission.value);
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  flashToast(context, { kind: "success", message: result.message });
  return redirect(`/walletrecord?id=fiat_recharge:${result.data.id}`);
}

export default function Recharge({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("wallet");
  const { tab, faucet } = loaderData;
  return (
    <div>
      {faucet && <DemoFaucet faucet={faucet} back={tab === "fiat" ? "/recharge?tab=fiat" : "/asset"} />}
      <Tabs
        label={t("recharge_ways")}
        options={[
          { value: "crypto", label: t("recharge_crypto") },
          { value: "fiat", label: t("recharge_fiat") },
        ]}
        current={tab}
        href={(value) => (value === "fiat" ? "?tab=fiat" : "?")}
      />
      {tab === "crypto" ? <CryptoDeposit data={loaderData} /> : <FiatRecharge lastResult={actionData} />}
    </div>
  );
}

function CryptoDeposit({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const n = useNumbers();
  const { t } = useTranslation("wallet");
  const { coins, networks, deposit, qr } = data;
  if (!deposit) return null;
  const { coin, network } = deposit;
  return (
    <div className="px-4 pb-6">
      <h2 className="mt-4 mb-2 text-sm text-muted">{t("coin")}</h2>
      <Chips
        label={t("coin")}
        options={coins.map((c) => ({ value: c, label: c }))}
        current={coin}
        href={(c) => `?coin=${c}`}
      />
      <h2 className="mt-4 mb-2 text-sm text-muted">{t("network")}</h2>
      <Chips
        label={t("network")}
        options={networks.map((net) => ({ value: net, label: net }))}
        current={network}
        href={(n) => `?coin=${coin}&network=${n}`}
      />

      <section className="card mt-4 text-center" aria-labelledby="deposit-address-label">
        <div
          className="mx-auto w-44 rounded-lg bg-white p-2"
          role="img"
          aria-label={t("qr_label", { coin, network })}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG generated on our server by qrcode
          dangerouslySetInnerHTML={{ __html: qr }}
        />
        <h3 id="deposit-address-label" className="mt-4 text-sm text-muted">
          {t("deposit_address", { coin, network })}
        </h3>
        <div className="mt-1 flex items-center gap-2 text-left">
          <p className="min-w-0 flex-1 break-all font-mono text-sm select-all" data-testid="deposit-address">
            {deposit.address}
          </p>
          <CopyButton value={deposit.address} label={t("copy_address")} />
        </div>
        {deposit.memo && (
          <>
            <h3 className="mt-4 text-sm text-muted">{t("memo")}</h3>
            <div className="mt-1 flex items-center gap-2 text-left">
              <p
                className="min-w-0 flex-1 break-all font-mono text-lg font-semibold select-all"
                data-testid="deposit-memo"
              >
                {deposit.memo}
              </p>
              <CopyButton value={deposit.memo} label={t("copy_memo")} />
            </div>
            <Notice>
              <strong>{t("memo_required_title")}</strong> {t("memo_required", { coin })}
            </Notice>
          </>
        )}
      </section>

      <Notice>{t("network_warning", { coin, network })}</Notice>
      <dl className="card mt-3 text-sm">
        <InfoRow label={t("min_deposit")}>
          {n.qty(deposit.min_deposit)} {coin}
        </InfoRow>
        <InfoRow label={t("confirmations")}>{deposit.confirmations}</InfoRow>
      </dl>
      <p className="mt-3 text-xs text-muted">{t("deposit_note", { min: deposit.min_deposit, coin })}</p>
    </div>
  );
}

type FiatFields = { method: string; amount: string; reference: string };
const loadFiatValidator = () => import("../forms/funds.ts").then((m) => m.validators.fiat);

function FiatRecharge({ lastResult }: { lastResult: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation("wallet");
  const validate = useLazyValidator(loadFiatValidator);
  const [form, fields] = useForm<FiatFields>({
    lastResult,
    defaultValue: { method: "bank" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="px-4 pb-6">
      <p className="mt-4 text-sm text-muted">{t("fiat_intro")}</p>
      <fieldset className="mt-4">
        <legend className="mb-1 text-sm text-muted">{t("fiat_method")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["bank", "ewallet"] as const).map((method) => (
            <label
              key={method}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-line px-3 has-[:checked]:border-accent"
            >
              <input
                {...getInputProps(fields.method, { type: "radio", value: method })}
                key={`${fields.method.key}-${method}`}
                className="accent-[var(--accent)]"
              />
              {t(`fiat_methods.${method}`)}
            </label>
          ))}
        </div>
        <ErrorList id={fields.method.errorId} errors={fields.method.errors} />
      </fieldset>
      <Field
        field={fields.amount}
        label={t("fiat_amount")}
        inputMode="decimal"
        hint={t("fiat_amount_hint")}
      />
      <Field field={fields.reference} label={t("fiat_reference")} hint={t("fiat_reference_hint")} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Submit>{t("fiat_submit")}</Submit>
    </Form>
  );
}
