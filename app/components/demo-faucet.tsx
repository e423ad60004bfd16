import { Form } from "react-router";
import type { Faucet } from "../../platform/contract/wallet.ts";
import { Submit } from "./form.tsx";
import { useNumbers } from "./numbers.tsx";
import { useTranslation } from "./translation.ts";

/**
 * The demo faucet, labelled as such: shown only where the server runs one (a local try-out).
 * A plain form to /recharge's action, so it works without JavaScript; `back` is where it returns.
 */
export function DemoFaucet({ faucet, back }: { faucet: Faucet; back: string }) {
  const n = useNumbers();
  const { t } = useTranslation("wallet");
  const amounts = {
    coin: faucet.coin,
    grant: n.amount(faucet.grant, 0),
    limit: n.amount(faucet.limit, 0),
    received: n.amount(faucet.received, 0),
    remaining: n.amount(faucet.remaining, 0),
  };
  const spent = faucet.grant === "0";
  return (
    <section className="card mx-4 mt-4 border border-dashed border-accent/60" aria-labelledby="faucet-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="faucet-title" className="font-semibold">
          {t("faucet.title")}
        </h2>
        <span className="rounded bg-accent/15 px-2 py-0.5 text-xs text-accent">{t("faucet.badge")}</span>
      </div>
      <p className="mt-1 text-sm text-muted">{t("faucet.body")}</p>
      <p className="mt-2 text-xs text-muted" data-testid="faucet-left">
        {spent ? t("faucet.used", amounts) : t("faucet.left", amounts)}
      </p>
      {!spent && (
        <Form method="post" action="/recharge" preventScrollReset>
          <input type="hidden" name="back" value={back} />
          <Submit name="intent" value="faucet">
            {t("faucet.claim", amounts)}
          </Submit>
        </Form>
      )}
    </section>
  );
}
