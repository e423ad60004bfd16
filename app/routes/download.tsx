import QRCode from "qrcode";
import { apiClient } from "../.server/api.ts";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/download";

export const handle: RouteHandle = { title: "common:titles.download", back: "/", i18n: ["content"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await apiClient(request, context).data("/about/content");
  const origin = new URL(request.url).origin;
  // The QR code is drawn on the server as SVG: scanning it on a phone opens the app there.
  const qr = await QRCode.toString(site.software_link || `${origin}/`, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
  return { site, qr, origin };
}

/** The app links (software_link) and how to install the web app itself. */
export default function Download({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { site, qr, origin } = loaderData;
  return (
    <div className="px-4 py-4">
      <section className="card text-center">
        <h2 className="text-lg font-semibold">{t("download.title", { site: site.sitename })}</h2>
        <div
          className="mx-auto mt-4 w-44 rounded-lg bg-white p-2"
          role="img"
          aria-label={t("download.qr_label")}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG generated on our server by qrcode
          dangerouslySetInnerHTML={{ __html: qr }}
        />
        <p className="mt-3 text-muted">{t("download.scan")}</p>
        {site.software_link ? (
          <a className="btn btn-primary btn-block mt-4" href={site.software_link}>
            {t("download.get_app")}
          </a>
        ) : (
          <p className="mt-2 break-all text-xs text-muted">{origin}</p>
        )}
      </section>
      <section className="card mt-4">
        <h2 className="font-semibold">{t("download.install_title")}</h2>
        <ol className="mt-2 list-decimal space-y-2 pl-5 text-muted">
          <li>{t("download.install_android")}</li>
          <li>{t("download.install_ios")}</li>
        </ol>
        <p className="mt-3 text-xs text-muted">{t("download.install_note")}</p>
      </section>
    </div>
  );
}
