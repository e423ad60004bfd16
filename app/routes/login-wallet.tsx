import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form, Link, redirect, useFetcher, useSubmit } from "react-router";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { safeRedirect } from "../.server/redirects.ts";
import { getToken } from "../.server/session.ts";
import { afterSignIn } from "../.server/sign-in.ts";
import { AuthHeading } from "../components/auth.tsx";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { MessageToSign } from "../components/message-to-sign.tsx";
import { useTranslation } from "../components/translation.ts";
import { walletAddressForm, walletSignForm } from "../forms/wallet.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/login-wallet";

// Sign-In with Ethereum (EIP-4361). Without JavaScript: enter the address, get the message, sign
// it in the wallet app, paste the signature. With a browser wallet (EIP-1193), one button does it.
export const handle: RouteHandle = {
  title: "auth:wallet_title",
  hideNav: true,
  back: "/login",
  i18n: ["auth"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (getToken(context)) throw redirect(redirectTo);
  return { redirectTo };
}

type Result = SubmissionResult<string[]>;
type ActionData = { step: "address"; result: Result } | { step: "sign"; message: string; result?: Result };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionData | Response> {
  const formData = await request.formData();
  const api = apiClient(request, context);
  if (formData.get("intent") === "login") {
    const message = String(formData.get("message") ?? "");
    const submission = parseWithZod(formData, { schema: walletSignForm });
    if (submission.status !== "success") return { step: "sign", message, result: submission.reply() };
    const result = await api.post("/wallet/login", {
      message: submission.value.message,
      signature: submission.value.signature,
    });
    if (result.status_code !== 200) {
      return { step: "sign", message, result: replyWithEnvelope(submission, result) };
    }
    // Signed in, or on to the Google Authenticator step when it is bound.
    return afterSignIn(context, result.data, safeRedirect(submission.value.redirectTo, "/"), result.message);
  }
  const submission = parseWithZod(formData, { schema: walletAddressForm });
  if (submission.status !== "success") return { step: "address", result: submission.reply() };
  const issued = await api.post("/wallet/message", {
    address: submission.value.address,
    chain_id: submission.value.chain_id,
  });
  if (issued.status_code !== 200) return { step: "address", result: replyWithEnvelope(submission, issued) };
  return { step: "sign", message: issued.data.message };
}

const loadAddressValidator = () => import("../forms/wallet.ts").then((m) => m.validators.address);
const loadSignValidator = () => import("../forms/wallet.ts").then((m) => m.validators.sign);

export default function WalletLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const data = actionData as ActionData | undefined;
  return (
    <div>
      <AuthHeading title={t("wallet_heading")} subtitle={t("wallet_intro")} />
      {data?.step === "sign" ? (
        <SignStep key={data.message} message={data.message} result={data.result} {...loaderData} />
      ) : (
        <>
          <WalletButton redirectTo={loaderData.redirectTo} />
          <AddressStep result={data?.result} {...loaderData} />
        </>
      )}
    </div>
  );
}

function AddressStep({ result, redirectTo }: { result?: Result; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const validate = useLazyValidator(loadAddressValidator);
  const [form, fields] = useForm<{ address: string; redirectTo: string }>({
    lastResult: result,
    defaultValue: { redirectTo },
    shouldValidate: "onBlur",
    // Clear an error as the field is corrected, not on blur: on a phone the blur comes with the
    // tap on the button, and the layout shift would make that tap miss.
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="px-4">
      <HoneypotInputs />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        field={fields.address}
        label={t("wallet_address")}
        autoComplete="off"
        placeholder="0x…"
        hint={t("wallet_address_hint")}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Submit>{t("wallet_get_message")}</Submit>
    </Form>
  );
}

function SignStep({ message, result, redirectTo }: { message: string; result?: Result; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const validate = useLazyValidator(loadSignValidator);
  const [form, fields] = useForm<{ message: string; signature: string; redirectTo: string }>({
    lastResult: result,
    defaultValue: { redirectTo },
    shouldValidate: "onBlur",
    // Clear an error as the field is corrected, not on blur: on a phone the blur comes with the
    // tap on the button, and the layout shift would make that tap miss.
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <MessageToSign
          field={fields.message}
          message={message}
          label={t("wallet_message")}
          help={t("wallet_message_help")}
        />
        <Field field={fields.signature} label={t("wallet_signature")} autoComplete="off" placeholder="0x…" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("wallet_submit")}</Submit>
      </Form>
      <p className="mt-6 px-4 text-center">
        <Link to={`/login/wallet?redirectTo=${encodeURIComponent(redirectTo)}`} className="text-accent">
          {t("wallet_start_over")}
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

/**
 * The client island: shown only when the browser has a wallet. It asks for the account, gets the
 * message from this route's own action (as the form would), has the wallet sign it and submits
 * the signature like step 2. It speaks EIP-1193 directly: no wallet library in the bundle.
 */
function WalletButton({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<ActionData>();
  const submit = useSubmit();
  const [available, setAvailable] = useState(false);
  const [account, setAccount] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => setAvailable(Boolean(injected())), []);

  // The message for the wallet's account has come back: sign it, then sign in with it.
  useEffect(() => {
    const data = fetcher.data;
    const wallet = injected();
    if (!account || fetcher.state !== "idle" || !data || !wallet) return;
    setAccount(undefined);
    if (data.step !== "sign") {
      setError(t("wallet_refused"));
      return;
    }
    wallet
      .request({ method: "personal_sign", params: [toHex(data.message), account] })
      .then((signature) =>
        submit(
          { intent: "login", message: data.message, signature: String(signature), redirectTo },
          { method: "post" },
        ),
      )
      .catch(() => setError(t("wallet_refused")));
  }, [account, fetcher.state, fetcher.data, submit, redirectTo, t]);

  if (!available) return null;
  const busy = fetcher.state !== "idle" || account !== undefined;

  async function connect() {
    const wallet = injected();
    if (!wallet) return;
    setError(undefined);
    try {
      const accounts = (await wallet.request({ method: "eth_requestAccounts" })) as string[];
      const address = accounts?.[0];
      if (!address) throw new Error("no account");
      const chain = Number.parseInt(String(await wallet.request({ method: "eth_chainId" })), 16);
      setAccount(address);
      fetcher.submit(
        { intent: "message", address, chain_id: String(chain > 0 ? chain : 1) },
        { method: "post" },
      );
    } catch {
      setError(t("wallet_refused"));
    }
  }

  return (
    <div className="px-4">
      <button
        type="button"
        className="btn btn-primary btn-block mt-6"
        onClick={connect}
        disabled={busy}
        aria-busy={busy}
      >
        {t("wallet_sign")}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="mt-4 text-center text-sm text-muted">{t("wallet_or_manual")}</p>
    </div>
  );
}
