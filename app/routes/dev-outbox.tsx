import { data } from "react-router";
import { apiClient } from "../.server/api.ts";
import { servicesContext } from "../.server/context.ts";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/dev-outbox";

// The title's namespace must load with the page, or it shows its raw key (and hydrates apart).
export const handle: RouteHandle = { title: "auth:outbox_title", hideNav: true, i18n: ["auth"] };

/** The local outbox, for trying the product without e-mail or SMS (DEV_OUTBOX=1 only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.get(servicesContext).devOutbox) throw data(null, { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim() ?? "";
  const messages = to ? await apiClient(request, context).data("/dev/outbox", { to }) : [];
  return { to, messages };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { to, messages } = loaderData;
  return (
    <div className="px-4 py-4">
      <form method="get" className="flex gap-2">
        <input
          name="to"
          defaultValue={to}
          className="input"
          placeholder="name@example.com or +6591234567"
          aria-label={t("outbox_address")}
        />
        <button type="submit" className="btn btn-secondary">
          {t("outbox_show")}
        </button>
      </form>
      <ul className="mt-4 space-y-3">
        {messages.map((m) => (
          <li key={m.id} className="card">
            <p className="text-xs text-muted">
              {m.channel} · {m.to} · {m.created_at}
            </p>
            {m.subject && <p className="mt-1 font-semibold">{m.subject}</p>}
            <p className="mt-1 whitespace-pre-wrap">{m.body}</p>
            {m.code && <p className="mt-2 text-2xl font-bold tracking-widest text-accent">{m.code}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
