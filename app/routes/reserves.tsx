import { Link } from "react-router";
import { type Balances, verifyProof } from "../../platform/contract/reserves.ts";
import { apiClient } from "../.server/api.ts";
import { getToken } from "../.server/session.ts";
import { useDates } from "../components/dates.tsx";
import { loginHref } from "../components/login-prompt.tsx";
import { VerifyInBrowser } from "../components/reserves-verify.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/reserves";

export const handle: RouteHandle = { title: "reserves:title", hideNav: true, i18n: ["reserves"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiClient(request, context);
  const reserves = await api.data("/reserves");
  if (!getToken(context) || !reserves.latest)
    return { ...reserves, signedIn: Boolean(getToken(context)), mine: null };
  const envelope = await api.get("/reserves/proof");
  const proof = envelope.status_code === 200 ? envelope.data : null;
  // The server checks too, for phones without JavaScript; the browser check needs no trust in it.
  const serverCheck = proof ? await verifyProof(proof) : null;
  return {
    ...reserves,
    signedIn: true,
    mine: { proof, serverCheck, message: proof ? null : envelope.message },
  };
}

function Amounts({ balances }: { balances: Balances }) {
  const { t } = useTranslation("reserves");
  const coins = Object.keys(balances).sort();
  if (coins.length === 0) return <p className="text-muted">{t("nothing")}</p>;
  return (
    <dl className="divide-y divide-line">
      {coins.map((coin) => (
        <div key={coin} className="list-row">
          <dt className="font-medium">{coin}</dt>
          <dd className="tabular-nums">{balances[coin]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Proof of reserves: the published root and totals, and the signed-in customer's own proof. */
export default function Reserves({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("reserves");
  const { dateTime: date } = useDates();
  const { latest, history, signedIn, mine } = loaderData;
  return (
    <div className="px-4 pb-10">
      <p className="mt-3 text-sm text-muted">{t("intro")}</p>
      {!latest ? (
        <p className="card mt-4">{t("none_yet")}</p>
      ) : (
        <>
          <section className="card mt-4" aria-labelledby="latest">
            <h2 id="latest" className="font-semibold">
              {t("latest", { id: latest.id })}
            </h2>
            <p className="text-xs text-muted">
              {t("published", { date: date(latest.published_at), customers: latest.customers })}
            </p>
            <p className="mt-3 text-xs text-muted">{t("root")}</p>
            <code className="block break-all text-xs">{latest.root_hash}</code>
            <h3 className="mt-4 text-sm font-semibold">{t("totals")}</h3>
            <Amounts balances={latest.totals} />
          </section>

          <section className="card mt-4" aria-labelledby="mine">
            <h2 id="mine" className="font-semibold">
              {t("mine")}
            </h2>
            {!signedIn ? (
              <p className="mt-2">
                <Link className="btn btn-primary w-full" to={loginHref("/reserves")}>
                  {t("sign_in")}
                </Link>
              </p>
            ) : !mine?.proof ? (
              <p className="mt-2 text-muted">{mine?.message}</p>
            ) : (
              <>
                <p className="text-xs text-muted">{t("uid", { uid: mine.proof.uid })}</p>
                <Amounts balances={mine.proof.balances} />
                <p className="mt-3 text-xs text-muted">{t("nonce")}</p>
                <code className="block break-all text-xs">{mine.proof.nonce}</code>
                <p className="mt-3 text-sm">
                  {mine.serverCheck?.ok ? (
                    <span className="up">{t("server_verified", { steps: mine.proof.path.length })}</span>
                  ) : (
                    <span className="down">
                      {t("not_verified", { reason: mine.serverCheck?.reason ?? "" })}
                    </span>
                  )}
                </p>
                <VerifyInBrowser proof={mine.proof} />
                <a
                  className="btn btn-secondary mt-3 w-full"
                  href="/reserves/proof.json"
                  download={`proof-${mine.proof.snapshot}.json`}
                >
                  {t("download")}
                </a>
                <p className="mt-3 text-xs text-muted">{t("script")}</p>
                <code className="mt-1 block break-all text-xs">
                  node --import tsx scripts/verify-reserves.ts proof-{mine.proof.snapshot}.json --site
                  https://…
                </code>
              </>
            )}
          </section>

          {history.length > 1 && (
            <section className="card mt-4" aria-labelledby="history">
              <h2 id="history" className="font-semibold">
                {t("history")}
              </h2>
              <ul className="divide-y divide-line">
                {history.map((s) => (
                  <li key={s.id} className="list-row text-sm">
                    <span>
                      #{s.id} · {date(s.published_at)}
                    </span>
                    <code className="text-xs text-muted">{s.root_hash.slice(0, 12)}…</code>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
