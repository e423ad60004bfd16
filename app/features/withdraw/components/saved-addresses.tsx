import { Link } from "react-router";
import type { WithdrawalAddressView } from "../../../../platform/contract/security.ts";
import { useTranslation } from "../../../components/translation.ts";

/** The address book's entries for the coin and network (a tap fills the address in) and where to manage it. */
export function SavedAddresses({
  saved,
  book,
  pickHref,
}: {
  saved: WithdrawalAddressView[];
  book: string | undefined;
  pickHref: (address: string) => string;
}) {
  const { t } = useTranslation("wallet");
  if (saved.length === 0 && !book) return null;
  return (
    <div className="mt-2 text-sm">
      {saved.length > 0 && (
        <nav aria-label={t("saved_addresses")}>
          <p className="text-muted">{t("saved_addresses")}</p>
          <ul>
            {saved.map((a) => (
              <li key={a.id}>
                <Link
                  to={pickHref(a.address)}
                  replace
                  preventScrollReset
                  className="block truncate py-1.5 text-accent"
                >
                  {a.remark ? `${a.remark} · ` : ""}
                  {a.address}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {book && (
        <Link to={book} className="text-accent">
          {t("manage_addresses")}
        </Link>
      )}
    </div>
  );
}
