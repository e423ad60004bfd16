import { Link, useLocation } from "react-router";
import { useTranslation } from "../translation.ts";

/** Previous / next links of a paginated list: plain links keeping the rest of the query. */
export function Pager({ page, lastPage }: { page: number; lastPage: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (lastPage <= 1) return null;
  const hrefFor = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(n));
    return `?${params}`;
  };
  return (
    <nav className="mx-4 mt-4 flex items-center justify-between gap-3" aria-label={t("common:pager.label")}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="btn btn-secondary min-h-9 px-3 text-sm" rel="prev">
          {t("common:pager.prev")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-xs text-muted">{t("common:pager.page", { page, pages: lastPage })}</span>
      {page < lastPage ? (
        <Link to={hrefFor(page + 1)} className="btn btn-secondary min-h-9 px-3 text-sm" rel="next">
          {t("common:pager.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
