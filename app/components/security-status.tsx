import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "./icon.tsx";

// The security screens' read-only pieces (a state badge, a settings row, a notice), apart from
// the fields in security.tsx: a screen that only shows states (/verify) downloads no form code.

export type Tone = "good" | "wait" | "bad" | "none";

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  const colour =
    tone === "good"
      ? "text-up"
      : tone === "bad"
        ? "text-down"
        : tone === "wait"
          ? "text-accent"
          : "text-muted";
  return <span className={`rounded bg-line px-1.5 py-0.5 text-xs ${colour}`}>{children}</span>;
}

/** One row of a settings list: a link with a label, a state and a chevron. */
export function SettingRow({ to, label, state }: { to: string; label: string; state?: ReactNode }) {
  return (
    <li>
      <Link to={to} className="list-row">
        <span>{label}</span>
        <span className="flex items-center gap-2 text-sm text-muted">
          {state}
          <Icon name="chevron" size={18} />
        </span>
      </Link>
    </li>
  );
}

/** A plain notice box (a precondition not met, a lock in force). */
export function Notice({ children, tone = "wait" }: { children: ReactNode; tone?: "wait" | "bad" }) {
  return (
    <div
      role="note"
      className={`mx-4 mt-4 rounded-lg border px-3 py-2 text-sm ${tone === "bad" ? "border-down" : "border-accent"}`}
    >
      {children}
    </div>
  );
}
