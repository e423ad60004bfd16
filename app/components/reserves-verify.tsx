import { useEffect, useState } from "react";
import type { ReserveProof, Verification } from "../../platform/contract/reserves.ts";
import { useTranslation } from "./translation.ts";

/**
 * Recomputes the customer's path to the published root in this browser (Web Crypto SHA-256),
 * so they need not trust our server's word. A client island: without JavaScript the page shows
 * the server's own check and the script to run instead.
 */
export function VerifyInBrowser({ proof }: { proof: ReserveProof }) {
  const { t } = useTranslation("reserves");
  const [state, setState] = useState<"hidden" | "idle" | "checking" | "insecure" | Verification>("hidden");
  useEffect(() => setState(globalThis.crypto?.subtle ? "idle" : "insecure"), []);
  if (state === "hidden") return null;
  if (state === "insecure") return <p className="mt-3 text-sm text-muted">{t("browser_insecure")}</p>;
  return (
    <div className="mt-3">
      <button
        type="button"
        className="btn btn-primary w-full"
        disabled={state === "checking"}
        onClick={async () => {
          setState("checking");
          // Loaded on demand: the page itself carries none of the hashing code.
          const { verifyProof } = await import("../../platform/contract/reserves.ts");
          setState(await verifyProof(proof));
        }}
      >
        {state === "checking" ? t("checking") : t("verify_here")}
      </button>
      <output aria-live="polite" className="mt-2 block text-sm">
        {typeof state === "object" &&
          (state.ok ? (
            <span className="up">{t("verified_here", { root: state.computedRoot.slice(0, 16) })}</span>
          ) : (
            <span className="down">{t("not_verified", { reason: state.reason ?? "" })}</span>
          ))}
      </output>
    </div>
  );
}
