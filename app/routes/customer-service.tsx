import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "../components/icon.tsx";
import type { RouteHandle } from "../handle.ts";
import { useSite } from "../hooks.ts";

export const handle: RouteHandle = { title: "common:titles.customer_service", i18n: ["content"] };

/** Ways to reach support, from the site fields an operator keeps (GET /api/about/content). */
export default function CustomerService() {
  const { t } = useTranslation("content");
  const site = useSite();
  const rows: { icon: IconName; label: string; value: string; href: string; external?: boolean }[] = [];
  if (site.online_service) {
    rows.push({
      icon: "chat",
      label: t("service.online"),
      value: t("service.online_hint"),
      href: site.online_service,
      external: /^https?:/.test(site.online_service),
    });
  }
  if (site.contactemail)
    rows.push({
      icon: "mail",
      label: t("service.email"),
      value: site.contactemail,
      href: `mailto:${site.contactemail}`,
    });
  if (site.opinionmail)
    rows.push({
      icon: "mail",
      label: t("service.feedback"),
      value: site.opinionmail,
      href: `mailto:${site.opinionmail}`,
    });
  if (site.servicephone)
    rows.push({
      icon: "phone",
      label: t("service.phone"),
      value: site.servicephone,
      href: `tel:${site.servicephone.replace(/[^+\d]/g, "")}`,
    });
  return (
    <div>
      <p className="px-4 py-4 text-muted">{t("service.intro", { site: site.sitename })}</p>
      <ul className="card mx-4 p-0">
        {rows.map((row) => (
          <li key={row.label}>
            <a
              href={row.href}
              className="list-row"
              {...(row.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            >
              <span className="flex items-center gap-3">
                <span className="text-accent">
                  <Icon name={row.icon} />
                </span>
                <span>
                  <span className="block">{row.label}</span>
                  <span className="block text-xs text-muted">{row.value}</span>
                </span>
              </span>
              <Icon name="chevron" size={18} />
            </a>
          </li>
        ))}
      </ul>
      <p className="px-4 py-4 text-xs text-muted">{t("service.hours")}</p>
    </div>
  );
}
