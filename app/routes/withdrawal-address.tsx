import { Form, Link, redirect } from "react-router";
import { COINS } from "../../platform/contract/networks.ts";
import { apiClient } from "../.server/api.ts";
import { flashToast } from "../.server/session.ts";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/withdrawal-address";

// The withdrawal address book: every saved address by coin, each with its delete button.
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
  return { addresses, coin: filter ?? "", coins: COINS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await apiClient(request, context).post("/user/withdrawal_addresses/delete", {
    id: String(form.get("id") ?? ""),
  });
  flashToast(context, { kind: result.status_code === 200 ? "success" : "error", message: result.message });
  return redirect(new URL(request.url).pathname + new URL(request.url).search);
}

export default function WithdrawalAddresses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("security");
  const { addresses, coin, coins } = loaderData;
  return (
    <div>
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
                <Form method="post">
                  <input type="hidden" name="id" value={a.id} />
                  <button
                    type="submit"
                    className="btn btn-secondary min-h-9 px-3 text-sm"
                    aria-label={t("address_delete_of", { address: a.address })}
                  >
                    {t("delete")}
                  </button>
                </Form>
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
