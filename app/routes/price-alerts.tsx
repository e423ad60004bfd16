import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, redirect } from "react-router";
// The screen's terms come from the zod-free module: importing the schema module for them would
// bring zod and the trading contract into the page's first download (the action's schema is
// stripped from the browser build with the action).
import { ALERT_KINDS, ALERT_WINDOWS, type AlertKind } from "../../platform/contract/alert-kinds.ts";
import { type AlertView, alertInput } from "../../platform/contract/alerts.ts";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { getLocale } from "../.server/i18n.ts";
import { flashToast } from "../.server/session.ts";
import { Time } from "../components/dates.tsx";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { SelectField } from "../components/security.tsx";
import { useTranslation } from "../components/translation.ts";
import { parseForm } from "../forms/validate.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/price-alerts";

// Price alerts (issue 21): set one for a market (from its chart, or here), see them armed or
// gone off, delete one or arm it again. The kind is chosen by links, so the form shows the
// fields that kind needs with or without script; what goes off arrives in Messages.
export const handle: RouteHandle = {
  title: "market:alerts_title",
  back: "/markets",
  hideNav: true,
  i18n: ["market"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiClient(request, context);
  const [instruments, tickers, alerts] = await Promise.all([
    api.data("/market/instruments"),
    api.data("/market/tickers"),
    api.data("/alerts/list"),
  ]);
  const asked = (url.searchParams.get("code") ?? "").toLowerCase();
  const code = instruments.some((i) => i.code === asked) ? asked : (instruments[0]?.code ?? "btc/usdt");
  const kindAsked = url.searchParams.get("kind") as AlertKind;
  const kind: AlertKind = ALERT_KINDS.includes(kindAsked) ? kindAsked : "above";
  return {
    code,
    kind,
    markets: instruments.map((i) => ({
      code: i.code,
      pair: `${i.base}/${i.quote}`,
      precision: i.price_precision,
    })),
    price: tickers.find((t) => t.code === code)?.price,
    alerts,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = apiClient(request, context);
  const intent = form.get("intent");
  if (intent === "delete" || intent === "rearm") {
    const result = await api.post(`/alerts/${intent}`, { id: String(form.get("id") ?? "") });
    flashToast(context, { kind: result.status_code === 200 ? "success" : "error", message: result.message });
    return redirect(new URL(request.url).pathname + new URL(request.url).search);
  }
  const submission = parseForm(form, { schema: alertInput, lang: getLocale(context) });
  if (submission.status !== "success") return submission.reply();
  const result = await api.post("/alerts/add", submission.value);
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  flashToast(context, { kind: "success", message: result.message });
  return redirect(
    `/pricealerts?code=${encodeURIComponent(submission.value.code)}&kind=${submission.value.kind}`,
  );
}

const loadValidator = () => import("../forms/alerts.ts").then((m) => m.validators.alert);

type Fields = { code: string; kind: string; price: string; percent: string; window: string };

export default function PriceAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("market");
  const n = useNumbers();
  const { code, kind, markets, price, alerts } = loaderData;
  const market = markets.find((m) => m.code === code);
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<Fields>({
    lastResult: actionData,
    defaultValue: { code, kind, window: "60" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const pairOf = (c: string) => markets.find((m) => m.code === c)?.pair ?? c.toUpperCase();
  const priceOf = (c: string, value: string | null) =>
    value === null ? "-" : n.price(value, markets.find((m) => m.code === c)?.precision ?? 2);
  const describe = (a: AlertView) =>
    a.kind === "move"
      ? t("alert_describe_move", {
          pair: pairOf(a.code),
          percent: a.percent === null ? "-" : n.percent(a.percent, 8),
          window: t(`alert_windows.w${a.window ?? 60}`),
        })
      : t(`alert_describe_${a.kind}`, { pair: pairOf(a.code), price: priceOf(a.code, a.price) });
  return (
    <div className="pb-8">
      <p className="mx-4 mt-4 text-sm text-muted">{t("alerts_how")}</p>
      <nav className="mt-3 flex flex-wrap gap-2 px-4" aria-label={t("alert_when")}>
        {ALERT_KINDS.map((k) => (
          <Link
            key={k}
            to={`?code=${encodeURIComponent(code)}&kind=${k}`}
            replace
            preventScrollReset
            className={`whitespace-nowrap rounded-full px-3 py-1 text-sm ${k === kind ? "bg-accent text-accent-fg" : "bg-line"}`}
            aria-current={k === kind ? "true" : undefined}
          >
            {t(`alert_kinds.${k}`)}
          </Link>
        ))}
      </nav>
      <Form method="post" {...getFormProps(form)} className="px-4" key={`${code}:${kind}`}>
        <HoneypotInputs />
        <input type="hidden" name="kind" value={kind} />
        <SelectField
          field={fields.code}
          label={t("alert_market")}
          options={markets.map((m) => ({ value: m.code, label: m.pair }))}
        />
        <p className="mb-3 mt-1 text-sm text-muted tabular-nums" data-testid="alert-price-now">
          {t("alert_now", { price: price && market ? n.price(price, market.precision) : "-" })}
        </p>
        {kind === "move" ? (
          <>
            <Field field={fields.percent} label={t("alert_percent")} inputMode="decimal" autoComplete="off" />
            <SelectField
              field={fields.window}
              label={t("alert_window")}
              options={ALERT_WINDOWS.map((w) => ({ value: String(w), label: t(`alert_windows.w${w}`) }))}
            />
          </>
        ) : (
          <Field
            field={fields.price}
            label={t("alert_price", { coin: "USDT" })}
            inputMode="decimal"
            autoComplete="off"
          />
        )}
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("alert_add")}</Submit>
      </Form>

      <h2 className="mx-4 mt-8 font-semibold" id="your-alerts">
        {t("alerts_yours")}
      </h2>
      {alerts.length === 0 ? (
        <p className="mx-4 mt-3 text-sm text-muted">{t("alerts_empty")}</p>
      ) : (
        <ul className="card mx-4 mt-3 p-0" aria-labelledby="your-alerts">
          {alerts.map((a) => (
            <li key={a.id} className="border-b border-line px-4 py-3 last:border-0" aria-label={describe(a)}>
              <div className="flex items-start justify-between gap-3">
                <div>
                  <p className="font-semibold">{describe(a)}</p>
                  <p className="mt-1 text-xs text-muted" data-testid="alert-status">
                    {a.status === "armed" ? (
                      t("alert_armed")
                    ) : (
                      <>
                        {t("alert_fired", { price: priceOf(a.code, a.fired_price) })}
                        {a.fired_at && (
                          <>
                            {" · "}
                            <Time value={a.fired_at} />
                          </>
                        )}
                      </>
                    )}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  {a.status === "fired" && (
                    <AlertAction
                      id={a.id}
                      intent="rearm"
                      label={t("alert_rearm")}
                      name={t("alert_rearm_of", { alert: describe(a) })}
                    />
                  )}
                  <AlertAction
                    id={a.id}
                    intent="delete"
                    label={t("alert_delete")}
                    name={t("alert_delete_of", { alert: describe(a) })}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One alert's button (delete, arm again): a form of its own, so it works without script. */
function AlertAction({
  id,
  intent,
  label,
  name,
}: {
  id: number;
  intent: "delete" | "rearm";
  label: string;
  name: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="btn btn-secondary min-h-9 px-3 text-sm"
        aria-label={name}
      >
        {label}
      </button>
    </Form>
  );
}
