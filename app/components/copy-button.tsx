import { useEffect, useState } from "react";
import { useTranslation } from "./translation.ts";

/**
 * Copies a value to the clipboard (and, where the phone offers it, shares it). A client island:
 * without JavaScript it is not drawn, and the value stays selectable in its read-only field.
 */
export function CopyButton({
  value,
  label,
  shareText,
}: {
  value: string;
  label: string;
  shareText?: string;
}) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => setReady(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  if (!ready) return null;
  const canShare = Boolean(shareText && typeof navigator.share === "function");
  return (
    <span className="flex shrink-0 gap-2">
      <button
        type="button"
        className="btn btn-secondary min-h-9 px-3 text-sm"
        aria-label={label}
        onClick={() =>
          navigator.clipboard.writeText(value).then(
            () => setState("copied"),
            () => setState("failed"),
          )
        }
      >
        {t("common:copy.copy")}
      </button>
      {canShare && (
        <button
          type="button"
          className="btn btn-secondary min-h-9 px-3 text-sm"
          onClick={() => navigator.share({ text: shareText, url: value }).catch(() => {})}
        >
          {t("common:copy.share")}
        </button>
      )}
      <output className="sr-only" aria-live="polite">
        {state === "copied" ? t("common:copy.copied") : state === "failed" ? t("common:copy.failed") : ""}
      </output>
      {state !== "idle" && (
        <span className="toast toast-success" aria-hidden="true">
          {state === "copied" ? t("common:copy.copied") : t("common:copy.failed")}
        </span>
      )}
    </span>
  );
}
