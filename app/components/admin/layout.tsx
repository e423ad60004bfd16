import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import type { AdminMe } from "../../.server/admin.ts";
import { useTranslation } from "../translation.ts";

const SECTIONS = [
  { to: "/admin", key: "dashboard", end: true },
  { to: "/admin/support", key: "support" },
  { to: "/admin/kyc", key: "kyc" },
  { to: "/admin/withdrawals", key: "withdrawals" },
  { to: "/admin/deposits", key: "deposits" },
  { to: "/admin/customers", key: "customers" },
  { to: "/admin/ledger", key: "ledger" },
  { to: "/admin/instruments", key: "instruments" },
  { to: "/admin/networks", key: "networks" },
  { to: "/admin/timed", key: "timed" },
  { to: "/admin/pools", key: "pools" },
  { to: "/admin/savings", key: "savings" },
  { to: "/admin/notices", key: "notices" },
  { to: "/admin/site", key: "site" },
  { to: "/admin/audit", key: "audit" },
  { to: "/admin/operators", key: "operators", owner: true },
] as const;

/**
 * The console's frame: a desktop-width page with the sections on the left (on a phone they wrap
 * above the content), the operator and their role, and signing out. Not the customer shell.
 */
export function AdminLayout({ me, title, children }: { me: AdminMe; title: string; children: ReactNode }) {
  const { t } = useTranslation("admin");
  return (
    <div className="min-h-dvh bg-bg text-sm md:flex">
      <nav
        aria-label={t("nav.label")}
        className="border-b border-line p-4 md:w-56 md:shrink-0 md:border-r md:border-b-0"
      >
        <p className="font-semibold">{t("title")}</p>
        <p className="mt-1 break-all text-xs text-muted">{me.operator.email}</p>
        <p className="text-xs text-muted">{t("role", { role: t(`roles.${me.operator.role}`) })}</p>
        <ul className="mt-4 flex flex-wrap gap-1 md:flex-col">
          {SECTIONS.filter((s) => !("owner" in s) || me.permissions.includes("operators")).map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={"end" in s}
                className={({ isActive }) =>
                  `block rounded px-3 py-2 ${isActive ? "bg-line font-semibold" : "text-muted hover:bg-line"}`
                }
              >
                {t(`nav.${s.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
        <Form method="post" action="/admin/logout" className="mt-4">
          <button type="submit" className="btn btn-secondary w-full">
            {t("nav.sign_out")}
          </button>
        </Form>
      </nav>
      <main className="min-w-0 flex-1 p-4 md:p-8">
        <h1 className="text-xl font-semibold">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** An error the platform answered for a form (already in the operator's language). */
export function FormError({ message, errors }: { message?: string | null; errors?: string[] }) {
  if (!message && !errors?.length) return null;
  return (
    <div role="alert" className="field-error mt-2">
      {message && <p>{message}</p>}
      {errors?.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/** A table that scrolls sideways on a narrow screen instead of breaking the page. */
export function AdminTable({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full border-collapse text-left text-xs">
        <thead>
          <tr className="border-b border-line text-muted">
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-2 font-normal">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export const cell = "px-2 py-2 align-top border-b border-line";
