import { Link } from "react-router";
import type { Page } from "../../../../platform/contract/pagination.ts";
import type { AgentInfo, Referral } from "../../../../platform/contract/referral.ts";
import { Pager } from "../../../components/content/pager.tsx";
import { ReferralList } from "../../../components/content/referral-list.tsx";
import { useDates } from "../../../components/dates.tsx";
import { useTranslation } from "../../../components/translation.ts";

/** An agent: the bound address and since when, and the accounts invited, a page at a time. */
export function AgentView({ info, users }: { info: AgentInfo; users: Page<Referral> }) {
  const { t } = useTranslation("referral");
  const dates = useDates();
  return (
    <div className="pb-4">
      <section className="card mx-4 mt-4" aria-labelledby="agent-state">
        <h2 id="agent-state" className="flex items-center gap-2 text-lg font-semibold">
          <span className="up" aria-hidden="true">
            ●
          </span>
          {t("state_agent")}
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div>
            <dt className="text-muted">{t("bound_address")}</dt>
            <dd className="break-all font-mono">{info.address}</dd>
          </div>
          {info.bound_at && (
            <div>
              <dt className="text-muted">{t("bound_on")}</dt>
              <dd>{dates.date(info.bound_at)}</dd>
            </div>
          )}
        </dl>
      </section>
      <section aria-labelledby="clients-title" className="mt-6">
        <div className="flex items-center justify-between px-4">
          <h2 id="clients-title" className="font-semibold">
            {t("clients_title")}
          </h2>
          <span className="text-sm text-muted">{t("invited_count", { count: info.invited })}</span>
        </div>
        <ReferralList items={users.items} label={t("clients_title")} />
        <Pager page={users.page} lastPage={users.last_page} />
      </section>
      <p className="mx-4 mt-6 text-center text-sm">
        <Link to="/share" className="text-accent">
          {t("invite_more")}
        </Link>
      </p>
    </div>
  );
}
