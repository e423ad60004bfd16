import type { ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useNumbers } from "../numbers.tsx";
import { Sheet } from "../sheet.tsx";
import { useTranslation } from "../translation.ts";
import { LocalTime, Notice } from "../wallet.tsx";
import { percent, totalsByCoin } from "./calc.ts";
import { Row } from "./rows.tsx";
import type { ExitConfirmation, Participation, Product } from "./types.ts";
import { Figure, StateBadge, useLock, useProductName } from "./ui.tsx";

/** One participation's figures: time, amount, cumulative income, state, lock, penalty kept. */
export function ParticipationBody({
  p,
  product,
  showKind = false,
  headingId,
}: {
  p: Participation;
  product: Product | null | undefined;
  showKind?: boolean;
  headingId?: string;
}) {
  const n = useNumbers();
  const { t } = useTranslation("earn");
  const name = useProductName()(product, p.coin);
  const lock = useLock();
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold">
            {name}
          </h3>
          {showKind && product && <p className="text-xs text-muted">{t(`kinds.${product.kind}`)}</p>}
        </div>
        <StateBadge status={p.status} />
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <Figure label={t("amount_coin", { coin: p.coin })}>{n.amount(p.amount, 0)}</Figure>
        <Figure label={t("income_coin", { coin: p.coin })} className="text-right">
          <span className={/[1-9]/.test(p.income) ? "up" : ""} data-testid="income">
            {n.amount(p.income, 0)}
          </span>
        </Figure>
      </div>
      <dl className="mt-2 text-sm">
        <Row label={t("daily_rate")}>{percent(p.daily_rate, 1, n.lang)}</Row>
        <Row label={t("joined_at")}>
          <LocalTime iso={p.started_at} />
        </Row>
        <Row label={t("lock_period")}>
          {p.ends_at ? (
            <>
              {lock(p.lock_days)} · {t("until")} <LocalTime iso={p.ends_at} />
            </>
          ) : (
            lock(0)
          )}
        </Row>
        {p.exited_at && (
          <Row label={t("exited_at")}>
            <LocalTime iso={p.exited_at} />
          </Row>
        )}
        {/[1-9]/.test(p.penalty) && (
          <Row label={t("penalty_kept")}>
            <span className="down">
              {n.amount(p.penalty, 0)} {p.coin}
            </span>
          </Row>
        )}
      </dl>
    </>
  );
}

/** A participation in a list: its figures, a link to its daily income, and Exit while it runs. */
export function ParticipationCard({
  p,
  product,
  exitHref,
  showKind = false,
}: {
  p: Participation;
  product: Product | undefined;
  exitHref: string;
  showKind?: boolean;
}) {
  const { t } = useTranslation("earn");
  const name = useProductName()(product, p.coin);
  return (
    <li>
      <article className="card mt-3" aria-label={name}>
        <ParticipationBody p={p} product={product} showKind={showKind} />
        <div className="mt-3 flex gap-3">
          <Link
            to={`/mininglist?id=${p.id}`}
            className="btn btn-secondary min-h-9 flex-1 text-center text-sm"
          >
            {t("details")}
          </Link>
          {p.status === "participating" && (
            <Link
              to={exitHref}
              replace
              preventScrollReset
              className="btn btn-secondary min-h-9 flex-1 text-center text-sm text-down"
            >
              {t("exit")}
            </Link>
          )}
        </div>
      </article>
    </li>
  );
}

/** The user's participations of one kind, or what to do when there are none. */
export function ParticipationList({
  list,
  products,
  exitHref,
  label,
  empty,
  showKind = false,
}: {
  list: readonly Participation[];
  products: readonly Product[];
  exitHref: (id: number) => string;
  label: string;
  empty: ReactNode;
  showKind?: boolean;
}) {
  if (list.length === 0) return <>{empty}</>;
  const byId = new Map(products.map((p) => [p.id, p]));
  return (
    <ul aria-label={label}>
      {list.map((p) => (
        <ParticipationCard
          key={p.id}
          p={p}
          product={byId.get(p.product_id)}
          exitHref={exitHref(p.id)}
          showKind={showKind}
        />
      ))}
    </ul>
  );
}

/**
 * "Leave this product?": principal, the early-exit penalty and what returns, before confirming.
 * Rendered from the URL (`?exit=ID`), so it works without JavaScript; Confirm posts to
 * /mininglist's action, which brings the user back to `back`.
 */
export function ExitSheet({
  confirm,
  back,
  cancelTo,
}: {
  confirm: ExitConfirmation;
  /** Where the user lands after leaving: /mininglist, /mystaking, /lockup (or a record's page). */
  back: string;
  cancelTo: string;
}) {
  const n = useNumbers();
  const { t } = useTranslation("earn");
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { participation: p, product, penalty, receive, early } = confirm;
  const name = useProductName()(product, p.coin);
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(p.id);
  return (
    <Sheet
      title={t("exit_title", { name })}
      onClose={() => navigate(cancelTo, { replace: true, preventScrollReset: true })}
    >
      <dl className="mt-3 text-sm">
        <Row label={t("principal")}>
          {n.amount(p.amount, 0)} {p.coin}
        </Row>
        <Row
          label={t("early_exit_fee", {
            percent: early ? percent(confirm.penaltyRate, 1, n.lang) : n.percent("0"),
          })}
        >
          <span className={early && /[1-9]/.test(penalty) ? "down" : ""} data-testid="exit-penalty">
            {n.amount(penalty, 0)} {p.coin}
          </span>
        </Row>
        <Row label={t("you_receive")} strong>
          <span data-testid="exit-receive">
            {n.amount(receive, 0)} {p.coin}
          </span>
        </Row>
      </dl>
      {early && p.ends_at ? (
        <Notice>
          {t("exit_early_note", { percent: percent(confirm.penaltyRate, 1, n.lang) })} {t("lock_ends")}{" "}
          <LocalTime iso={p.ends_at} />
        </Notice>
      ) : (
        <p className="mt-3 text-sm text-muted">{t("exit_free_note")}</p>
      )}
      <div className="mt-5 grid grid-cols-2 gap-3">
        <Link to={cancelTo} replace preventScrollReset className="btn btn-secondary">
          {t("cancel")}
        </Link>
        <Form method="post" action="/mininglist">
          <input type="hidden" name="id" value={p.id} />
          <input type="hidden" name="back" value={back} />
          <button type="submit" className="btn btn-primary w-full" aria-busy={busy} disabled={busy}>
            {t("exit_confirm")}
          </button>
        </Form>
      </div>
    </Sheet>
  );
}

/** Principal still held and income earned, per coin. */
export function Totals({ list, label }: { list: readonly Participation[]; label: string }) {
  const n = useNumbers();
  const { t } = useTranslation("earn");
  const totals = totalsByCoin(list);
  if (totals.length === 0) return null;
  return (
    <section className="promo mt-4" aria-label={label}>
      {totals.map((row) => (
        <div
          key={row.coin}
          className="grid grid-cols-2 gap-3 border-b border-line py-2 first:pt-0 last:border-0 last:pb-0"
        >
          <Figure label={t("held_coin", { coin: row.coin })}>{n.amount(row.held, 0)}</Figure>
          <Figure label={t("income_coin", { coin: row.coin })} className="text-right">
            <span className={/[1-9]/.test(row.income) ? "up" : ""}>{n.amount(row.income, 0)}</span>
          </Figure>
        </div>
      ))}
    </section>
  );
}
