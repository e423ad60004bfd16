import { type RefObject, useEffect, useState } from "react";
import { useTranslation } from "../../../components/translation.ts";

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
export function WalletAddressButton({ inputId }: { inputId: string }) {
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
export function WalletSignButton({
  message,
  address,
  formRef,
  signatureId,
}: {
  message: string;
  address: string;
  formRef: RefObject<HTMLFormElement | null>;
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
