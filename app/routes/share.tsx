import QRCode from "qrcode";
import { Link } from "react-router";
import { apiClient } from "../.server/api.ts";
import { pageParam } from "../.server/content.ts";
import { servicesContext } from "../.server/context.ts";
import { Pager } from "../components/content/pager.tsx";
import { ReferralList } from "../components/content/referral-list.tsx";
import { CopyButton } from "../components/copy-button.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import { useSite } from "../hooks.ts";
import type { ScreenPath } from "../route-table.ts";
import type { Route } from "./+types/share";

export const handle: RouteHandle = { title: "common:titles.share", back: "/center", i18n: ["referral"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiClient(request, context);
  const [summary, invited] = await Promise.all([
    api.data("/referral/summary"),
    api.data("/referral/list", { page: pageParam(url), limit: 20 }),
  ]);
  // The link friends open: on the site's public address (PUBLIC_URL) when set.
  const origin = new URL(context.get(servicesContext).publicUrl ?? url.origin).origin;
  const link = `${origin}${summary.invite_path}`;
  // Drawn on the server as SVG: a friend scans it with their phone's camera.
  const qr = await QRCode.toString(link, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
  return { summary, invited, link, qr };
}

/** Invite friends: the invite code and link, its QR code, and who signed up with it. */
export default function Share({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("referral");
  const site = useSite();
  const { summary, invited, link, qr } = loaderData;
  const shareText = t("share_text", { site: site.sitename, code: summary.invite_code });
  return (
    <div className="pb-4">
      <section className="card mx-4 mt-4 text-center">
        <h2 className="text-lg font-semibold">{t("share_heading", { site: site.sitename })}</h2>
        <p className="mt-1 text-sm text-muted">{t("share_intro")}</p>
        <div
          className="mx-auto mt-4 w-44 rounded-lg bg-white p-2"
          role="img"
          aria-label={t("qr_label")}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG generated on our server by qrcode
          dangerouslySetInnerHTML={{ __html: qr }}
        />
      </section>

      <section className="card mx-4 mt-4">
        <label htmlFor="invite-code" className="mb-1 block text-sm text-muted">
          {t("code_label")}
        </label>
        <div className="flex items-center gap-2">
          <input
            id="invite-code"
            className="input font-mono text-lg font-semibold tracking-widest"
            readOnly
            value={summary.invite_code}
          />
          <CopyButton value={summary.invite_code} label={t("copy_code")} />
        </div>
        <label htmlFor="invite-link" className="mb-1 mt-4 block text-sm text-muted">
          {t("link_label")}
        </label>
        <div className="flex items-center gap-2">
          <input id="invite-link" className="input text-sm" readOnly value={link} />
          <CopyButton value={link} label={t("copy_link")} shareText={shareText} />
        </div>
      </section>

      <section aria-labelledby="invited-title" className="mt-6">
        <div className="flex items-center justify-between px-4">
          <h2 id="invited-title" className="font-semibold">
            {t("invited_title")}
          </h2>
          <span className="text-sm text-muted">{t("invited_count", { count: summary.invited })}</span>
        </div>
        <ReferralList items={invited.items} label={t("invited_title")} />
        <Pager page={invited.page} lastPage={invited.last_page} />
      </section>

      <p className="mx-4 mt-6 text-center text-sm">
        <Link to={"/authorization" satisfies ScreenPath} className="text-accent">
          {t("agent_link")}
        </Link>
      </p>
    </div>
  );
}
