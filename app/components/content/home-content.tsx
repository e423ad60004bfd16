import { Link } from "react-router";
import type { PostListItem, Slide } from "../../../platform/contract/posts.ts";
import { hasScreen } from "../../route-table.ts";
import { Icon } from "../icon.tsx";
import { useTranslation } from "../translation.ts";
import { postHref } from "./post-list.tsx";

/** A slide's link: a path on this site, or an https page (opened beside the app). */
function SlideLink({
  link,
  className,
  children,
}: {
  link: string;
  className: string;
  children: React.ReactNode;
}) {
  if (/^\/(?!\/)/.test(link)) {
    return (
      <Link to={link} className={className}>
        {children}
      </Link>
    );
  }
  if (/^https:\/\//i.test(link)) {
    return (
      <a href={link} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}

const imageSrc = (image: string) => (/^\/(?!\/)|^https:\/\//i.test(image) ? image : undefined);

/** The home banners: a row that snaps one banner at a time under the finger. CSS only. */
export function Banners({ slides }: { slides: Slide[] }) {
  const { t } = useTranslation("home");
  if (slides.length === 0) return null;
  return (
    <section aria-label={t("banners_label")} className="banners">
      {slides.map((slide, i) => (
        <SlideLink key={slide.id} link={slide.link} className="banner">
          {imageSrc(slide.image) && (
            <img
              src={imageSrc(slide.image)}
              alt=""
              width={640}
              height={240}
              loading={i === 0 ? "eager" : "lazy"}
              decoding="async"
              className="banner-art"
            />
          )}
          <span className="banner-text">
            <strong className="block text-lg leading-tight">{slide.title}</strong>
            {slide.subtitle && <span className="mt-1 block text-xs opacity-90">{slide.subtitle}</span>}
          </span>
        </SlideLink>
      ))}
    </section>
  );
}

/** The latest notices, one line at a time, moving by CSS alone (still when motion is reduced). */
export function NoticeTicker({ notices }: { notices: PostListItem[] }) {
  const { t } = useTranslation("home");
  if (notices.length === 0) return null;
  const shown = notices.slice(0, 5);
  const moving = shown.length > 1;
  return (
    <section
      aria-label={t("notices_label")}
      className="mx-4 mt-3 flex items-center gap-2 rounded-lg bg-card px-3 py-2"
    >
      <span className="shrink-0 text-accent">
        <Icon name="notices" size={18} />
      </span>
      <div className="ticker min-w-0 flex-1">
        <ul
          className={moving ? `ticker-track ticker-${shown.length}` : "ticker-track"}
          style={moving ? { animationDuration: `${shown.length * 4}s` } : undefined}
        >
          {shown.map((notice) => (
            <li key={notice.id} className="ticker-item">
              <Link to={postHref(notice)} className="block truncate text-sm">
                {notice.title}
              </Link>
            </li>
          ))}
          {moving && shown[0] && (
            // The first again, so the loop starts over without a jump; not for screen readers.
            <li className="ticker-item" aria-hidden="true">
              <span className="block truncate text-sm">{shown[0].title}</span>
            </li>
          )}
        </ul>
      </div>
      {hasScreen("/noticelist") && (
        // The accessible name must contain the visible word (WCAG 2.5.3), so the longer label is
        // added as hidden text rather than replacing it.
        <Link to="/noticelist" className="shrink-0 text-xs text-muted">
          {t("notices_more")}
          <span className="sr-only"> {t("notices_more_label")}</span>
        </Link>
      )}
    </section>
  );
}

/**
 * The daily-interest promotion (spec §1: 100 USDT earns 1 USDT a day, 5 USDT for the first
 * participation). It leads to the daily-interest screen once that exists, and to the article
 * that explains it.
 */
/** The daily-interest offer with the platform's live figures (rate in %, income on 100, reward). */
export function InterestPromo({ offer }: { offer: { rate: string; income: string; reward: string } }) {
  const { t } = useTranslation("home");
  const fortune = hasScreen("/fortune");
  const article = hasScreen("/notice");
  return (
    <section className="promo mx-4 mt-4" aria-labelledby="promo-title">
      <p className="text-xs font-semibold uppercase tracking-wide text-accent">{t("promo_kicker")}</p>
      <h2 id="promo-title" className="mt-1 text-lg font-bold">
        {t("promo_title", { rate: offer.rate })}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t("promo_body", { income: offer.income, reward: offer.reward })}
      </p>
      {(fortune || article) && (
        <div className="mt-3 flex gap-3">
          {fortune && (
            <Link to="/fortune" className="btn btn-primary min-h-9 px-4 text-sm">
              {t("promo_cta")}
            </Link>
          )}
          {article && (
            <Link to="/notice?slug=academy-daily-interest" className="btn btn-secondary min-h-9 px-4 text-sm">
              {t("promo_learn")}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
