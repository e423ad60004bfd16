import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Pager } from "../components/content/pager.tsx";
import { ReferralList } from "../components/content/referral-list.tsx";
import { useDates } from "../components/dates.tsx";
import { ErrorList, Field, Submit, useLazyValidator } from "../components/form.tsx";
import { authorizationAction } from "../features/authorization/.server/action.ts";
import { authorizationLoader } from "../features/authorization/.server/loader.ts";
import type { Result } from "../features/authorization/types.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/authorization";

// Becoming an agent: the operator's authorization code, and proof of a wallet address by signing
// an EIP-4361 message. Without JavaScript: enter both, get the message, sign it in the wallet app,
// paste the signature. With a browser wallet (EIP-1193), it signs at the press of a button.
export const handle: RouteHandle = {
  title: "common:titles.authorization",
  back: "/center",
  i18n: ["referral"],
};

export const loader = ({ request, context }: Route.LoaderArgs) => authorizationLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => authorizationAction(request, context);

const loadMessageValidator = () =>
  import("../features/authorization/forms.ts").then((m) => m.validators.message);
const loadBindValidator = () => import("../features/authorization/forms.ts").then((m) => m.validators.bind);

export default function Authorization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("referral");
  const dates = useDates();
  const { info, users } = loaderData;
  const data = actionData;
  if (info.is_agent && users) {
    return (
      <div className="pb-4">
        <section className="card mx-4 mt-4" aria-labelledby="agent-state">
          <h2 id="agent-state" className="flex items-center gap-2 text-lg font-semibold">
            <span className="up" aria-hidden="true">
              ●
            </span>
            {t("state_agent")}
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="text-muted">{t("bound_address")}</dt>
              <dd className="break-all font-mono">{info.address}</dd>
            </div>
            {info.bound_at && (
              <div>
                <dt className="text-muted">{t("bound_on")}</dt>
                <dd>{dates.date(info.bound_at)}</dd>
              </div>
            )}
          </dl>
        </section>
        <section aria-labelledby="clients-title" className="mt-6">
          <div className="flex items-center justify-between px-4">
            <h2 id="clients-title" className="font-semibold">
              {t("clients_title")}
            </h2>
            <span className="text-sm text-muted">{t("invited_count", { count: info.invited })}</span>
          </div>
          <ReferralList items={users.items} label={t("clients_title")} />
          <Pager page={users.page} lastPage={users.last_page} />
        </section>
        <p className="mx-4 mt-6 text-center text-sm">
          <Link to="/share" className="text-accent">
            {t("invite_more")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="pb-4">
      <section className="card mx-4 mt-4">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <span className="text-muted" aria-hidden="true">
            ○
          </span>
          {t("state_user")}
        </h2>
        <p className="mt-2 text-sm text-muted">{t("agent_intro")}</p>
      </section>
      {data?.step === "sign" ? <SignStep key={data.message} {...data} /> : <CodeStep result={data?.result} />}
    </div>
  );
}

function CodeStep({ result }: { result?: Result }) {
  const { t } = useTranslation("referral");
  const validate = useLazyValidator(loadMessageValidator);
  const [form, fields] = useForm<{ code: string; address: string }>({
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="px-4">
      <input type="hidden" name="intent" value="message" />
      <Field
        field={fields.code}
        label={t("code")}
        autoComplete="off"
        placeholder="XXXX-XXXX-XXXX"
        hint={t("code_hint")}
      />
      <Field
        field={fields.address}
        label={t("address")}
        autoComplete="off"
        placeholder="0x…"
        hint={t("address_hint")}
      />
      <WalletAddressButton inputId={fields.address.id} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Submit>{t("get_message")}</Submit>
    </Form>
  );
}

function SignStep({
  code,
  address,
  message,
  result,
}: {
  code: string;
  address: string;
  message: string;
  result?: Result;
}) {
  const { t } = useTranslation("referral");
  const validate = useLazyValidator(loadBindValidator);
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm<{ code: string; message: string; signature: string }>({
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <>
      <Form method="post" {...getFormProps(form)} ref={formRef} className="px-4">
        <input type="hidden" name="intent" value="bind" />
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="address" value={address} />
        <ErrorList id={fields.code.errorId} errors={fields.code.errors} />
        <div className="mt-4">
          <label htmlFor={fields.message.id} className="mb-1 block text-sm text-muted">
            {t("message")}
          </label>
          <textarea
            id={fields.message.id}
            name="message"
            readOnly
            defaultValue={message}
            rows={11}
            className="input py-2 font-mono text-xs"
            aria-describedby={`${fields.message.id}-help`}
          />
          <p id={`${fields.message.id}-help`} className="mt-1 text-xs text-muted">
            {t("message_help")}
          </p>
          <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        <WalletSignButton
          message={message}
          address={address}
          formRef={formRef}
          signatureId={fields.signature.id}
        />
        <Field field={fields.signature} label={t("signature")} autoComplete="off" placeholder="0x…" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("submit")}</Submit>
      </Form>
      <p className="mt-6 px-4 text-center">
        <Link to="/authorization" className="text-accent">
          {t("start_over")}
        </Link>
      </p>
    </>
  );
}

/** A browser wallet (EIP-1193): MetaMask, Rabby, a wallet app's own browser… */
type Eip1193 = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
const injected = () => (window as { ethereum?: Eip1193 }).ethereum;

/** personal_sign takes the message as hex of its UTF-8 bytes. */
const toHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0")).join("")}`;

function useWallet() {
  const [wallet, setWallet] = useState<Eip1193>();
  useEffect(() => setWallet(injected()), []);
  return wallet;
}

/** Client island: fills the address field with the browser wallet's account. */
function WalletAddressButton({ inputId }: { inputId: string }) {
  const { t } = useTranslation("referral");
  const wallet = useWallet();
  const [error, setError] = useState(false);
  if (!wallet) return null;
  async function fill() {
    setError(false);
    try {
      const accounts = (await wallet?.request({ method: "eth_requestAccounts" })) as string[];
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      if (!accounts?.[0] || !input) throw new Error("no account");
      // Set the value the way typing would, so the form sees it.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, accounts[0]);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    } catch {
      setError(true);
    }
  }
  return (
    <>
      <button type="button" className="btn btn-secondary mt-2 min-h-9 px-3 text-sm" onClick={fill}>
        {t("use_wallet")}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {t("wallet_refused")}
        </p>
      )}
    </>
  );
}

/** Client island: the browser wallet signs the message; the form is sent with its signature. */
function WalletSignButton({
  message,
  address,
  formRef,
  signatureId,
}: {
  message: string;
  address: string;
  formRef: React.RefObject<HTMLFormElement | null>;
  signatureId: string;
}) {
  const { t } = useTranslation("referral");
  const wallet = useWallet();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  if (!wallet) return null;
  async function sign() {
    setBusy(true);
    setError(false);
    try {
      const signature = String(
        await wallet?.request({ method: "personal_sign", params: [toHex(message), address] }),
      );
      const input = document.getElementById(signatureId) as HTMLInputElement | null;
      if (!input) throw new Error("no field");
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, signature);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      formRef.current?.requestSubmit();
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-4">
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={sign}
        disabled={busy}
        aria-busy={busy}
      >
        {t("sign_wallet")}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {t("wallet_refused")}
        </p>
      )}
      <p className="mt-3 text-center text-sm text-muted">{t("or_manual")}</p>
    </div>
  );
}
