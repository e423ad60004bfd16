import { Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { COINS } from "../../platform/contract/networks.ts";
import { apiClient } from "../.server/api.ts";
import { flashToast } from "../.server/session.ts";
import { Sheet } from "../components/sheet.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/withdrawal-address";

// The withdrawal address book: every saved address by coin, each with its delete button;
// ?delete=ID asks before deleting (a sheet rendered by the server, so it works without JS).
export const handle: RouteHandle = {
  title: "security:addresses_title",
  back: "/security",
  hideNav: true,
  i18n: ["security"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const coin = new URL(request.url).searchParams.get("coin")?.toUpperCase() ?? "";
  const filter = COINS.find((known) => known === coin);
  const addresses = await apiClient(request, context).data("/user/withdrawal_addresses", {
    coin: filter,
  });
  const asked = Number(new URL(request.url).searchParams.get("delete"));
  const deleting = addresses.find((a) => a.id === asked) ?? null;
  return { addresses, coin: filter ?? "", coins: COINS, deleting };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await apiClient(request, context).post("/user/withdrawal_addresses/delete", {
    id: String(form.get("id") ?? ""),
  });
  flashToast(context, { kind: result.status_code === 200 ? "success" : "error", message: result.message });
  return redirect(listHref(new URL(request.url)));
}

/** The list as it was (its coin kept), without the question. */
function listHref(url: URL) {
  const params = new URLSearchParams(url.search);
  params.delete("delete");
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

export default function WithdrawalAddresses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("security");
  const { addresses, coin, coins, deleting } = loaderData;
  const list = coin ? `?coin=${coin}` : "?";
  const askHref = (id: number) => (coin ? `?coin=${coin}&delete=${id}` : `?delete=${id}`);
  return (
    <div>
      {deleting && <DeleteSheet address={deleting} cancelTo={list} />}
      <nav className="flex gap-2 overflow-x-auto px-4 pt-4" aria-label={t("coin")}>
        {["", ...coins].map((c) => (
          <Link
            key={c || "all"}
            to={c ? `?coin=${c}` : "?"}
            replace
            className={`rounded-full px-3 py-1 text-sm ${c === coin ? "bg-accent text-accent-fg" : "bg-line"}`}
            aria-current={c === coin ? "page" : undefined}
          >
            {c || t("all_coins")}
          </Link>
        ))}
      </nav>
      {addresses.length === 0 ? (
        <p className="mx-4 mt-8 text-center text-muted">{t("addresses_empty")}</p>
      ) : (
        <ul className="card mx-4 mt-4 p-0">
          {addresses.map((a) => (
            <li key={a.id} className="border-b border-line px-4 py-3 last:border-0">
              <div className="flex items-center justify-between gap-3">
                <p className="font-semibold">
                  {a.coin} <span className="text-xs font-normal text-muted">{a.network}</span>
                  {a.remark && <span className="ml-2 text-sm font-normal">{a.remark}</span>}
                </p>
                <Link
                  to={askHref(a.id)}
                  replace
                  preventScrollReset
                  className="btn btn-secondary min-h-9 px-3 text-sm"
                  aria-label={t("address_delete_of", { address: a.address })}
                >
                  {t("delete")}
                </Link>
              </div>
              <p className="mt-1 break-all font-mono text-xs text-muted">{a.address}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="px-4">
        <Link
          to={coin ? `/addressbook?coin=${coin}` : "/addressbook"}
          className="btn btn-primary btn-block mt-6"
        >
          {t("address_add")}
        </Link>
      </div>
    </div>
  );
}

type Saved = Route.ComponentProps["loaderData"]["addresses"][number];

/** "Delete this withdrawal address?": the address in full, then Cancel or Delete. */
function DeleteSheet({ address, cancelTo }: { address: Saved; cancelTo: string }) {
  const { t } = useTranslation("security");
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(address.id);
  return (
    <Sheet
      title={t("address_delete_title")}
      onClose={() => navigate(cancelTo, { replace: true, preventScrollReset: true })}
    >
      <p className="mt-3 font-semibold">
        {address.coin} <span className="text-xs font-normal text-muted">{address.network}</span>
        {address.remark && <span className="ml-2 text-sm font-normal">{address.remark}</span>}
      </p>
      <p className="mt-1 break-all font-mono text-sm" data-testid="delete-address">
        {address.address}
      </p>
      <p className="mt-3 text-sm text-muted">{t("address_delete_note")}</p>
      <div className="mt-5 grid grid-cols-2 gap-3">
        <Link to={cancelTo} replace preventScrollReset className="btn btn-secondary">
          {t("address_keep")}
        </Link>
        <Form method="post">
          <input type="hidden" name="id" value={address.id} />
          <button type="submit" className="btn btn-primary w-full" aria-busy={busy} disabled={busy}>
            {t("delete")}
          </button>
        </Form>
      </div>
    </Sheet>
  );
}
