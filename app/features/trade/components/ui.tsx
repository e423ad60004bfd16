import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A choice made with links (mode, contract type, order type, tab): each option changes the
 * query, so it works without JavaScript and keeps its place in history.
 */
export function Segmented({
  label,
  options,
  current,
  href,
  size = "md",
}: {
  label: string;
  options: readonly { value: string; label: ReactNode }[];
  current: string;
  href: (value: string) => string;
  size?: "sm" | "md";
}) {
  return (
    <nav aria-label={label} className="flex gap-1 rounded-lg bg-card p-1">
      {options.map((o) => {
        const active = o.value === current;
        return (
          <Link
            key={o.value}
            to={href(o.value)}
            replace
            preventScrollReset
            className={`flex-1 rounded-md text-center ${size === "sm" ? "py-1 text-xs" : "py-1.5 text-sm"} ${
              active ? "bg-line font-semibold text-fg" : "text-muted"
            }`}
            aria-current={active ? "true" : undefined}
          >
            {o.label}
          </Link>
        );
      })}
    </nav>
  );
}

export { Time } from "../../../components/dates.tsx";
export { Tabs } from "../../../components/tabs.tsx";

/** Label and value pairs in a grid (position and order figures). */
export function Figures({ children, cols = 3 }: { children: ReactNode; cols?: 2 | 3 }) {
  return (
    <dl className={`grid gap-x-3 gap-y-1.5 text-xs ${cols === 3 ? "grid-cols-3" : "grid-cols-2"}`}>
      {children}
    </dl>
  );
}

export function Figure({
  label,
  children,
  className = "",
  testId,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className="min-w-0">
      {/* A long label (Russian, Vietnamese) wraps rather than losing its end at 360 px. */}
      <dt className="break-words leading-tight text-muted hyphens-auto">{label}</dt>
      <dd className={`truncate tabular-nums ${className}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
