import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, Link, redirect } from "react-router";
import { isAmount } from "../../platform/contract/decimal.ts";
import { apiClient } from "../.server/api.ts";
import { spotAvailable } from "../.server/earn.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { getI18n, getLocale } from "../.server/i18n.ts";
import { flashToast } from "../.server/session.ts";
import { sum } from "../components/earn/calc.ts";
import { tokensFor } from "../components/earn/live.ts";
import { CalculateButton, Row, useAmountInput } from "../components/earn/rows.tsx";
import type { Project } from "../components/earn/types.ts";
import { Empty, LaunchBadge, Progress } from "../components/earn/ui.tsx";
import { ErrorList, Field, Submit, useLazyValidator } from "../components/form.tsx";
import { FundsNotice } from "../components/funds-notice.tsx";
import { Icon } from "../components/icon.tsx";
import { numbers, useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import { LocalTime, Notice } from "../components/wallet.tsx";
import { countdown } from "../features/trade/components/format.ts";
import { subscribeForm } from "../forms/earn.ts";
import { parseForm } from "../forms/validate.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/ico-details";

// The launchpad: ?id=ID one project (and its subscription form while live); without an id, the
// list of projects (the spec has no other launchpad list screen).
export const handle: RouteHandle = {
  title: "earn:launchpad_title",
  back: "/webselect",
  hideNav: true,
  i18n: ["earn"],
};

// Live sales first, then those to come, then those over (each kept in the platform's order).
const ORDER = { live: 0, upcoming: 1, ended: 2 } as const;

/**
 * A project with the texts that do not change in the page written on the server (its
 * description, price, how long until it opens or closes): the page's script stays small.
 */
function projectView(i18n: ReturnType<typeof getI18n>, p: Project, now = Date.now()) {
  const n = numbers(i18n.language);
  const desc = `earn:launchpad_desc.${p.description_key}`;
  const timer =
    p.status === "upcoming"
      ? i18n.t("earn:starts_in", { time: countdown(Date.parse(p.starts_at) - now) })
      : p.status === "live"
        ? i18n.t("earn:ends_in", { time: countdown(Date.parse(p.ends_at) - now) })
        : i18n.t("earn:launch_states.ended");
  return {
    ...p,
    description: i18n.exists(desc) ? i18n.t(desc) : "",
    priceLine: i18n.t("earn:price_line", { token: p.token, price: n.amount(p.price, 0) }),
    timer,
  };
}
type ProjectView = ReturnType<typeof projectView>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const n = numbers(getI18n(context).language);
  const url = new URL(request.url);
  const api = apiClient(request, context);
  const i18n = getI18n(context);
  const id = url.searchParams.get("id");
  if (!id) {
    const projects = await api.data("/launchpad/projects");
    const sorted = [...projects].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
    return { projects: sorted.map((p) => projectView(i18n, p)), detail: null };
  }
  const result = await api.get("/launchpad/project", { id });
  if (result.status_code !== 200)
    throw data({ message: i18n.t("messages:errors.not_found") }, { status: 404 });
  const project = result.data;
  const [mine, available] = await Promise.all([api.data("/launchpad/mine"), spotAvailable(api, "USDT")]);
  const amount = url.searchParams.get("amount") ?? "";
  const subscribed = sum(mine.filter((s) => s.project.id === project.id).map((s) => s.paid));
  const shown = {
    total: n.amount(project.total_supply, 0),
    remaining: n.amount(project.remaining, 0),
    minimum: n.amount(project.min_per_user, 0),
    maximum: n.amount(project.max_per_user, 0),
    subscribed: n.amount(subscribed, 0),
    available: n.amount(available, 0),
  };
  return {
    projects: null,
    detail: {
      project: projectView(i18n, project),
      shown,
      available,
      amount: isAmount(amount) ? amount : "",
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, { schema: subscribeForm, lang: getLocale(context) });
  // Without JavaScript, "Calculate" posts the amount to show the tokens it buys.
  if (formData.get("intent") === "preview" || submission.status !== "success") return submission.reply();
  const result = await apiClient(request, context).post("/launchpad/subscribe", submission.value);
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  flashToast(context, { kind: "success", message: result.message });
  return redirect("/mylaunchpad");
}

export default function IcoDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { projects, detail } = loaderData;
  if (detail) {
    return (
      <ProjectScreen key={`${detail.project.id}:${detail.amount}`} detail={detail} lastResult={actionData} />
    );
  }
  return <ProjectList projects={projects ?? []} />;
}

/** A project's mark, name, status, description, progress, price and timer: in the list and on its page. */
function ProjectHead({ p, headingId }: { p: ProjectView; headingId?: string }) {
  const { t } = useTranslation("earn");
  const n = useNumbers();
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="flex min-w-0 items-center gap-2 font-semibold">
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-bold text-accent-fg">
            {p.token.slice(0, 2)}
          </span>
          <span className="min-w-0">
            {p.name} <span className="text-muted">{p.token}</span>
          </span>
        </h2>
        <LaunchBadge status={p.status} />
      </div>
      {p.description && <p className="mt-2 text-sm text-muted">{p.description}</p>}
      <Progress value={p.sold_percent} label={t("sold")} />
      <p className="mt-1 flex justify-between gap-2 text-xs text-muted">
        <span>{t("sold_percent", { percent: n.percent(p.sold_percent) })}</span>
        <span data-testid="launch-timer">{p.timer}</span>
      </p>
      <p className="mt-2 font-bold">{p.priceLine}</p>
    </>
  );
}

function ProjectList({ projects }: { projects: ProjectView[] }) {
  const { t } = useTranslation("earn");
  return (
    <div className="px-4 pb-6">
      <div className="mt-4 flex items-center justify-between">
        <p className="text-sm text-muted">{t("launchpad_intro")}</p>
        <Link to="/mylaunchpad" className="shrink-0 text-sm text-accent">
          {t("my_subscriptions")}
        </Link>
      </div>
      {projects.length === 0 ? (
        <Empty>{t("no_projects")}</Empty>
      ) : (
        <ul aria-label={t("launchpad_title")}>
          {projects.map((p) => (
            <li key={p.id}>
              <Link to={`?id=${p.id}`} className="card mt-3 block" aria-label={`${p.name} (${p.token})`}>
                <ProjectHead p={p} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Detail = NonNullable<Route.ComponentProps["loaderData"]["detail"]>;
const loadValidator = () => import("../forms/earn.ts").then((m) => m.validators.subscribe);

function ProjectScreen({
  detail: { project: p, shown, available, amount: preset },
  lastResult,
}: {
  detail: Detail;
  lastResult: Route.ComponentProps["actionData"];
}) {
  const n = useNumbers();
  const { t } = useTranslation("earn");
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<{ project_id: string; amount: string }>({
    lastResult,
    defaultValue: { amount: preset },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const { amount, onInput } = useAmountInput(String(fields.amount.initialValue ?? preset));
  const tokens = tokensFor(amount, p.price);
  return (
    <div className="px-4 pb-6">
      <section className="card mt-4" aria-labelledby="project-name">
        <ProjectHead p={p} headingId="project-name" />
        <dl className="mt-2 text-sm">
          <Row label={t("total_supply")}>
            {shown.total} {p.token}
          </Row>
          <Row label={t("remaining_supply")}>
            {shown.remaining} {p.token}
          </Row>
          <Row label={t("per_user_limits")}>
            {shown.minimum} – {shown.maximum} USDT
          </Row>
          <Row label={t("starts_at")}>
            <LocalTime iso={p.starts_at} />
          </Row>
          <Row label={t("ends_at")}>
            <LocalTime iso={p.ends_at} />
          </Row>
          <Row label={t("your_subscription")}>
            <span data-testid="my-subscribed">{shown.subscribed} USDT</span>
          </Row>
        </dl>
      </section>

      {p.status === "live" ? (
        <Form method="post" {...getFormProps(form)} onInput={onInput}>
          <input type="hidden" name="project_id" value={p.id} />
          <Field field={fields.amount} label={t("subscribe_amount")} inputMode="decimal" autoComplete="off" />
          <p className="mt-1 text-xs text-muted">
            {t("available", { amount: shown.available, coin: "USDT" })}
          </p>
          <FundsNotice coin="USDT" available={available} needed={amount} transferTo="spot" className="mt-2" />
          <ErrorList id={fields.project_id.errorId} errors={fields.project_id.errors} />
          <dl className="card mt-4 text-sm">
            <Row label={t("you_get")} strong>
              <output aria-live="polite" data-testid="tokens">
                {tokens ? `${n.amount(tokens, 0)} ${p.token}` : "—"}
              </output>
            </Row>
          </dl>
          <CalculateButton />
          <Notice kind="info">{t("delivery_note", { token: p.token })}</Notice>
          <p className="mt-2 text-xs text-muted" data-testid="launchpad-rule">
            {t("launchpad_rule", {
              token: p.token,
              minimum: shown.minimum,
              maximum: shown.maximum,
            })}
          </p>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Submit name="intent" value="subscribe">
            {t("subscribe")}
          </Submit>
        </Form>
      ) : (
        <Notice kind="info">
          {p.status === "upcoming" ? (
            <>
              {t("opens_at")} <LocalTime iso={p.starts_at} />
            </>
          ) : (
            t(p.delivered ? "ended_delivered" : "ended_pending", { token: p.token })
          )}
        </Notice>
      )}
      <Link to="/mylaunchpad" className="btn btn-secondary btn-block mt-4">
        <Icon name="records" size={18} />
        <span className="ml-2">{t("my_subscriptions")}</span>
      </Link>
      <Link to="/ico_details" className="mt-3 block text-center text-sm text-accent">
        {t("all_projects")}
      </Link>
    </div>
  );
}
