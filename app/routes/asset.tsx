import { Link, redirect, useFetcher } from "react-router";
import { compare } from "../../platform/contract/decimal.ts";
import { ASSET_ACCOUNTS, type AssetAccount } from "../../platform/contract/wallet-kinds.ts";
import { apiClient } from "../.server/api.ts";
import { loadFaucet } from "../.server/faucet.ts";
import { readAssetPrefs, saveAssetPref } from "../.server/wallet.ts";
import { DemoFaucet } from "../components/demo-faucet.tsx";
import { Icon, type IconName } from "../components/icon.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import { Tabs } from "../components/wallet.tsx";
import type { RouteHandle } from "../handle.ts";
import { HIDDEN } from "../money.ts";
import { hasScreen } from "../route-table.ts";
import type { Route } from "./+types/asset";

export const handle: RouteHandle = { title: "wallet:assets_title", back: false, i18n: ["wallet"] };

/** Below this value (in USDT) a balance counts as small. */
const SMALL_USDT = "1";

const SHORTCUTS = [
  { to: "/recharge", key: "recharge", icon: "recharge" },
  { to: "/withdraw", key: "withdraw", icon: "withdraw" },
  { to: "/transfer", key: "transfer", icon: "transfer" },
  { to: "/exchange", key: "exchange", icon: "exchange" },
  { to: "/walletrecord", key: "records", icon: "records" },
] as const satisfies readonly { to: string; key: string; icon: IconName }[];

/** The accounts shown: the spot and contract wallets, and what is in Earn (see the platform's assets). */
const isAccount = (value: unknown): value is AssetAccount => ASSET_ACCOUNTS.includes(value as AssetAccount);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const chosen = url.searchParams.get("wallet");
  const wallet: AssetAccount = isAccount(chosen) ? chosen : "spot";
  const api = apiClient(request, context);
  const [assets, prefs, faucet] = await Promise.all([
    api.data("/account/index"),
    readAssetPrefs(request),
    loadFaucet(api),
  ]);
  return { assets, wallet, prefs, faucet };
}

/** The two switches: plain form posts that store the choice in a cookie and come back. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const pref = form.get("pref");
  const wallet = isAccount(form.get("wallet")) ? String(form.get("wallet")) : "spot";
  const headers = new Headers();
  if (pref === "hide" || pref === "small")
    headers.append("Set-Cookie", await saveAssetPref(pref, form.get("on") === "1"));
  return redirect(`/asset?wallet=${wallet}`, { headers });
}

/** A switch posting to this screen; with JavaScript the change shows at once (optimistic). */
function useSwitch(pref: "hide" | "small", saved: boolean) {
  const fetcher = useFetcher();
  const pending = fetcher.formData;
  const on = pending && pending.get("pref") === pref ? pending.get("on") === "1" : saved;
  return { fetcher, on };
}

export default function AssetScreen({ loaderData }: Route.ComponentProps) {
  const n = useNumbers();
  const { t } = useTranslation("wallet");
  const { assets, wallet, prefs, faucet } = loaderData;
  const hide = useSwitch("hide", prefs.hide);
  const small = useSwitch("small", prefs.small);
  const shown = (value: string) => (hide.on ? HIDDEN : value);
  const list = assets.wallets[wallet];
  const visible = small.on ? list.filter((a) => compare(a.usdt_value, SMALL_USDT) >= 0) : list;
  return (
    <div>
      <section className="card mx-4 mt-4" aria-labelledby="total-label">
        <div className="flex items-center justify-between">
          <h2 id="total-label" className="text-sm text-muted">
            {t("total_assets")}
          </h2>
          <hide.fetcher.Form method="post" preventScrollReset>
            <input type="hidden" name="pref" value="hide" />
            <input type="hidden" name="on" value={hide.on ? "0" : "1"} />
            <input type="hidden" name="wallet" value={wallet} />
            <button
              type="submit"
              className="topbar-back text-muted"
              aria-label={t("hide_balances")}
              aria-pressed={hide.on}
            >
              <Icon name={hide.on ? "eye_off" : "eye"} size={20} />
            </button>
          </hide.fetcher.Form>
        </div>
        <p className="text-2xl font-bold" data-testid="total-usdt">
          {shown(n.usdt(assets.total_usdt))} <span className="text-sm font-normal">USDT</span>
        </p>
        <p className="text-sm text-muted">≈ {shown(`¥${n.usdt(assets.total_cny)}`)} CNY</p>
        {/* What makes the total: each account's value, Earn's among them (each opens its list). */}
        <ul aria-label={t("account_values")} className="mt-3 border-t border-line pt-2 text-sm">
          {ASSET_ACCOUNTS.map((w) => (
            <li key={w} data-testid={`account-${w}`}>
              <Link
                to={`?wallet=${w}`}
                replace
                preventScrollReset
                className="flex items-center justify-between gap-2 py-1"
                aria-current={w === wallet ? "true" : undefined}
              >
                <span className="text-muted">{t(`wallet_names.${w}`)}</span>
                <span>≈ {shown(n.usdt(assets.accounts[w]))} USDT</span>
              </Link>
            </li>
          ))}
        </ul>
        <nav aria-label={t("shortcuts")} className="mt-4 grid grid-cols-5 gap-1">
          {SHORTCUTS.filter((s) => hasScreen(s.to)).map((s) => (
            <Link key={s.key} to={s.to} className="flex flex-col items-center gap-1 text-xs">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-line text-accent">
                <Icon name={s.icon} size={20} />
              </span>
              <span className="text-center leading-tight">{t(`actions.${s.key}`)}</span>
            </Link>
          ))}
        </nav>
      </section>
      {faucet && <DemoFaucet faucet={faucet} back={`/asset?wallet=${wallet}`} />}

      <div className="mt-2">
        <Tabs
          label={t("wallets")}
          options={ASSET_ACCOUNTS.map((w) => ({ value: w, label: t(`wallet_names.${w}`) }))}
          current={wallet}
          href={(w) => `?wallet=${w}`}
        />
      </div>
      <div className="flex items-center justify-between px-4 pt-3 text-sm">
        <span className="text-muted">
          {t(`wallet_names.${wallet}`)}{" "}
          <span className="text-fg">≈ {shown(n.usdt(assets.accounts[wallet]))} USDT</span>
        </span>
        <small.fetcher.Form method="post" preventScrollReset>
          <input type="hidden" name="pref" value="small" />
          <input type="hidden" name="on" value={small.on ? "0" : "1"} />
          <input type="hidden" name="wallet" value={wallet} />
          <button
            type="submit"
            role="switch"
            aria-checked={small.on}
            className="flex items-center gap-1.5 whitespace-nowrap text-xs text-muted"
          >
            <span
              className={`inline-flex h-4 w-4 items-center justify-center rounded border ${small.on ? "border-accent bg-accent text-accent-fg" : "border-muted"}`}
              aria-hidden="true"
            >
              {small.on && <Icon name="check" size={12} />}
            </span>
            {t("hide_small")}
          </button>
        </small.fetcher.Form>
      </div>

      {visible.length === 0 ? (
        <p className="px-4 py-8 text-center text-muted">
          {wallet === "earn" && list.length === 0
            ? t("earn_empty")
            : t("no_assets_above", { value: SMALL_USDT })}
        </p>
      ) : (
        <ul className="mt-2" aria-label={t("asset_list", { wallet: t(`wallet_names.${wallet}`) })}>
          {visible.map((a) => (
            <li key={a.code} className="border-b border-line px-4 py-3" aria-label={a.code}>
              <div className="flex items-center justify-between">
                <span className="font-semibold">{a.code}</span>
                <span className="text-sm text-muted">≈ {shown(n.usdt(a.usdt_value))} USDT</span>
              </div>
              <dl className="mt-1 grid grid-cols-2 gap-2 text-xs">
                <div>
                  {/* In Earn, money is put to work rather than available to spend. */}
                  <dt className="text-muted">{t(wallet === "earn" ? "in_earn" : "available")}</dt>
                  <dd className="text-sm">{shown(n.amount(a.balance))}</dd>
                </div>
                {(wallet !== "earn" || compare(a.frost, "0") !== 0) && (
                  <div className="text-right">
                    <dt className="text-muted">{t("frozen")}</dt>
                    <dd className="text-sm">{shown(n.amount(a.frost))}</dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
      {wallet === "earn" && hasScreen("/webselect") && (
        <p className="px-4 py-4 text-center text-sm">
          <Link to="/webselect" className="text-accent">
            {t("earn_link")}
          </Link>
        </p>
      )}
    </div>
  );
}
