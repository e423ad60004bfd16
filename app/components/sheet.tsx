import { type ReactNode, useEffect, useId, useRef } from "react";
import { useHydrated } from "../hooks.ts";

/**
 * A bottom sheet that asks for a decision (a confirmation, "continue to log in?"). The server
 * renders it open, over a dimmed page, so it works without JavaScript: its buttons are links and
 * forms. With JavaScript it becomes a modal dialog — focus moves into it and stays there, and
 * Escape calls `onClose`.
 */
export function Sheet({
  title,
  children,
  onClose,
  role = "dialog",
}: {
  title: string;
  children: ReactNode;
  /** With JavaScript: Escape (and the caller's cancel button) close the sheet without a page load. */
  onClose?: () => void;
  role?: "dialog" | "alertdialog";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Rendered open (non-modal) by the server; reopen it as a modal to make the page inert.
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    const cancel = (event: Event) => {
      // Escape: the caller closes the sheet (or, with nothing to call, the browser does).
      if (!close.current) return;
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener("cancel", cancel);
    return () => dialog.removeEventListener("cancel", cancel);
  }, []);

  return (
    <>
      {/* Without JavaScript the dialog is not modal: this dims and covers the page behind it. */}
      {!hydrated && <div className="sheet-backdrop" aria-hidden="true" />}
      <dialog
        ref={ref}
        open
        className="sheet"
        role={role === "alertdialog" ? role : undefined}
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </dialog>
    </>
  );
}
