import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Field } from "./form.tsx";
import { useTranslation } from "./translation.ts";

/** The heading block of the account screens. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="px-4 pt-6">
      <h2 className="text-2xl font-bold">{title}</h2>
      {subtitle && <p className="mt-2 text-muted">{subtitle}</p>}
    </div>
  );
}

/** E-mail / phone switch: plain links that keep the rest of the query (works without JS). */
export function AddressTabs({ type }: { type: "email" | "phone" }) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const hrefFor = (value: string) => {
    const params = new URLSearchParams(location.search);
    params.set("type", value);
    return `?${params}`;
  };
  return (
    <nav className="mt-4 flex gap-6 border-b border-line px-4" aria-label={t("method")}>
      {(["email", "phone"] as const).map((value) => (
        <Link
          key={value}
          to={hrefFor(value)}
          replace
          preventScrollReset
          className={
            value === type ? "-mb-px border-b-2 border-accent pb-2 font-semibold" : "pb-2 text-muted"
          }
          aria-current={value === type ? "page" : undefined}
        >
          {t(`by_${value}`)}
        </Link>
      ))}
    </nav>
  );
}

/** The dial-code button of phone fields: opens /areacode, which comes back with `area_code`. */
export function AreaCodeButton({ areaCode }: { areaCode: string }) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <>
      <input type="hidden" name="area_code" value={areaCode} />
      <Link
        to={`/areacode?returnTo=${encodeURIComponent(here)}&area_code=${areaCode}`}
        className="btn btn-secondary shrink-0 px-3"
        aria-label={t("area_code_pick", { code: areaCode })}
      >
        +{areaCode} ▾
      </Link>
    </>
  );
}

/** The e-mail field, or the phone field with its dial code, by the form's type. */
export function AddressField({
  type,
  field,
  areaCode,
  label,
}: {
  type: "email" | "phone";
  field: FieldMetadata<string | undefined>;
  areaCode: string;
  label?: string;
}) {
  const { t } = useTranslation("auth");
  return type === "email" ? (
    <Field field={field} label={label ?? t("email")} type="email" autoComplete="email" inputMode="email" />
  ) : (
    <Field
      field={field}
      label={label ?? t("phone")}
      type="tel"
      autoComplete="tel-national"
      inputMode="tel"
      prefix={<AreaCodeButton areaCode={areaCode} />}
    />
  );
}

/** Masks an address for "we sent a code to …" (a***@example.com, +65 ****4567). */
export function maskAddress(flow: { type: string; email?: string; area_code?: string; phone?: string }) {
  if (flow.type === "email" && flow.email) {
    const [name = "", domain = ""] = flow.email.split("@");
    return `${name.slice(0, 1)}***@${domain}`;
  }
  return `+${flow.area_code} ****${(flow.phone ?? "").slice(-4)}`;
}
