import { Link } from "react-router";
import { apiClient } from "../.server/api.ts";
import { useDates } from "../components/dates.tsx";
import { Badge, type Tone } from "../components/security-status.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/verify";

// Identity verification: where each level stands and what to do next.
export const handle: RouteHandle = { title: "kyc:title", back: "/center", hideNav: true, i18n: ["kyc"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  return { kyc: await apiClient(request, context).data("/user/kyc") };
}

const TONES: Record<string, Tone> = {
  authenticated: "good",
  pending: "wait",
  rejected: "bad",
  unauthenticated: "none",
};

function Level({
  title,
  intro,
  status,
  reason,
  submittedAt,
  decidedAt,
  action,
  children,
}: {
  title: string;
  intro: string;
  status: string;
  reason: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  action?: { to: string; label: string };
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("kyc");
  const dates = useDates();
  const headingId = `${title.replace(/\W+/g, "-").toLowerCase()}-title`;
  return (
    <section className="card mx-4 mt-4" aria-labelledby={headingId}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="font-semibold">
          {title}
        </h2>
        <Badge tone={TONES[status] ?? "none"}>{t(`state.${status}`)}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted">{intro}</p>
      {status === "pending" && submittedAt && (
        <p className="mt-2 text-sm">{t("pending_since", { when: dates.dateTime(submittedAt) })}</p>
      )}
      {status === "rejected" && (
        <p className="mt-2 text-sm text-down" role="alert">
          {t("rejected_reason", { reason })}
        </p>
      )}
      {status === "authenticated" && decidedAt && (
        <p className="mt-2 text-sm text-up">{t("verified_on", { when: dates.dateTime(decidedAt) })}</p>
      )}
      {children}
      {action && (
        <Link to={action.to} className="btn btn-primary btn-block mt-4">
          {action.label}
        </Link>
      )}
    </section>
  );
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("kyc");
  const { primary, advanced } = loaderData.kyc;
  const primaryOpen = primary.status === "unauthenticated" || primary.status === "rejected";
  return (
    <div>
      <Level
        title={t("primary_title")}
        intro={t("primary_intro")}
        status={primary.status}
        reason={primary.reason}
        submittedAt={primary.submitted_at}
        decidedAt={primary.decided_at}
        action={
          primaryOpen
            ? { to: "/verifycard", label: primary.status === "rejected" ? t("resubmit") : t("start_primary") }
            : undefined
        }
      >
        {primary.real_name && primary.status !== "rejected" && (
          <p className="mt-2 text-sm text-muted">
            {primary.real_name} · {primary.id_number}
          </p>
        )}
      </Level>
      <Level
        title={t("advanced_title")}
        intro={t("advanced_intro")}
        status={advanced.status}
        reason={advanced.reason}
        submittedAt={advanced.submitted_at}
        decidedAt={advanced.decided_at}
        action={
          advanced.can_submit
            ? {
                to: "/verifyinfo",
                label: advanced.status === "rejected" ? t("resubmit") : t("start_advanced"),
              }
            : undefined
        }
      >
        {primary.status !== "authenticated" && (
          <p className="mt-2 text-sm text-muted">{t("advanced_locked")}</p>
        )}
      </Level>
    </div>
  );
}
