export type Toast = {
  kind: "success" | "error" | "info";
  message: string;
  /** Set when flashed: each toast is its own element, so its 5 s fade starts again. */
  id?: string;
};

/**
 * A message from the server after a redirect (post/redirect/get). It fades out after 5 s by CSS
 * alone (spec §8), so it works with JavaScript off.
 */
export function ToastView({ toast }: { toast: Toast }) {
  return (
    <output className={`toast toast-${toast.kind}`} aria-live="polite">
      {toast.message}
    </output>
  );
}
