import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon, type IconName } from "../icon.tsx";

/** One way to earn, as a card linking to its screen (the chooser, the web home). */
export function ChoiceCard({
  to,
  icon,
  title,
  body,
  figure,
}: {
  to: string;
  icon: IconName;
  title: string;
  body: string;
  figure?: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className="card mt-3 flex items-center gap-3 p-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-line text-accent">
          <Icon name={icon} size={20} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{title}</span>
          <span className="block text-xs text-muted">{body}</span>
        </span>
        {figure && <span className="shrink-0 text-right text-sm font-semibold">{figure}</span>}
        <span className="text-muted">
          <Icon name="chevron" size={16} />
        </span>
      </Link>
    </li>
  );
}
