import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * Underlined tabs over a list (positions and orders, wallets, records, pools): links that change
 * the query, so they work without JavaScript; the row scrolls sideways when the words are long.
 */
export function Tabs({
  label,
  options,
  current,
  href,
  end,
}: {
  label: string;
  options: readonly { value: string; label: ReactNode }[];
  current: string;
  href: (value: string) => string;
  /** Drawn at the right end of the tab row (e.g. "close all"). */
  end?: ReactNode;
}) {
  return (
    // The tabs keep their width; an end button that no longer fits beside them (long words in
    // some languages) moves to a line of its own rather than hiding the last tab.
    <div className="flex flex-wrap items-end justify-between gap-x-2 border-b border-line px-4">
      <nav className="flex max-w-full shrink-0 gap-4 overflow-x-auto text-sm" aria-label={label}>
        {options.map((o) => (
          <Link
            key={o.value}
            to={href(o.value)}
            replace
            preventScrollReset
            className={`whitespace-nowrap pt-2 pb-2 ${o.value === current ? "-mb-px border-b-2 border-accent font-semibold" : "text-muted"}`}
            aria-current={o.value === current ? "page" : undefined}
          >
            {o.label}
          </Link>
        ))}
      </nav>
      {end && <div className="ml-auto flex shrink-0 gap-2 pb-1.5">{end}</div>}
    </div>
  );
}
