import { Form, Link, redirect } from "react-router";
import type { User } from "../../platform/contract/identity.ts";
import { apiClient } from "../.server/api.ts";
import { flashToast } from "../.server/session.ts";
import { currentUser } from "../.server/user.ts";
import { mediaUrl } from "../avatar.ts";
import { Icon, type IconName } from "../components/icon.tsx";
import { PushSettings } from "../components/push-settings.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import { hasScreen } from "../route-table.ts";
import type { Route } from "./+types/center";

export const handle: RouteHandle = { title: "common:tabs.mine", back: false, i18n: ["account"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiClient(request, context);
  const [user, unread, replies, pushKey, devices] = await Promise.all([
    currentUser(request, context),
    // The message centre's unread count and the support replies not read yet, beside their entries.
    api.get("/inbox/unread"),
    api.get("/support/unread"),
    // Notifications (Web Push): the key a browser subscribes with, and the devices already on.
    api.data("/push/key"),
    api.data("/push/devices"),
  ]);
  return {
    user,
    unread: unread.status_code === 200 ? unread.data.count : 0,
    replies: replies.status_code === 200 ? replies.data.count : 0,
    pushKey: pushKey.public_key,
    devices,
  };
}

/**
 * Notifications on and off. The page's script turns this browser's on or off (a fetcher, with
 * the subscription the browser made); a plain form turns off any listed device, without script.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = apiClient(request, context);
  const intent = form.get("intent");
  const field = (name: string) => String(form.get(name) ?? "");
  if (intent === "push_subscribe") {
    const result = await api.post("/push/subscribe", {
      endpoint: field("endpoint"),
      p256dh: field("p256dh"),
      auth: field("auth"),
    });
    flashToast(context, { kind: result.status_code === 200 ? "success" : "error", message: result.message });
    return { ok: result.status_code === 200 };
  }
  if (intent === "push_unsubscribe") {
    const which = form.has("id") ? { id: field("id") } : { endpoint: field("endpoint") };
    const result = await api.post("/push/unsubscribe", which);
    flashToast(context, { kind: result.status_code === 200 ? "success" : "error", message: result.message });
    if (form.has("id")) return redirect("/center");
    return { ok: result.status_code === 200 };
  }
  return redirect("/center");
}

// The personal centre's menu; an entry appears once its screen exists.
const MENU: { to: string; key: string; icon: IconName }[] = [
  { to: "/messages", key: "messages", icon: "mail" },
  { to: "/walletrecord", key: "records", icon: "records" },
  { to: "/traderecord", key: "traderecord", icon: "trades" },
  { to: "/verify", key: "verify", icon: "check" },
  { to: "/security", key: "security", icon: "staking" },
  { to: "/accountsettings", key: "settings", icon: "mine" },
  { to: "/paymentmethod", key: "payment", icon: "assets" },
  { to: "/share", key: "share", icon: "invite" },
  { to: "/authorization", key: "authorization", icon: "key" },
  { to: "/language", key: "language", icon: "language" },
  { to: "/customerservice", key: "service", icon: "service" },
  { to: "/protocol", key: "protocol", icon: "notices" },
  { to: "/download", key: "download", icon: "download" },
];

/** Mine: who is signed in, the way to every personal setting, and logging out. */
export default function Center({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { user, unread, replies, pushKey, devices } = loaderData;
  const display = user.name || user.account;
  return (
    <div>
      <section className="card mx-4 mt-4 flex items-center gap-3">
        {mediaUrl(user.avatar) ? (
          <img
            src={mediaUrl(user.avatar)}
            alt=""
            width={48}
            height={48}
            className="h-12 w-12 rounded-full object-cover"
          />
        ) : (
          <div
            className="flex h-12 w-12 items-center justify-center rounded-full bg-line text-lg font-bold"
            aria-hidden="true"
          >
            {display.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="min-w-0">
          <p className="truncate font-semibold">{display}</p>
          <p className="text-xs text-muted">
            UID {user.uid} · {t("invite_code")} {user.invite_code}
          </p>
        </div>
      </section>
      <ul className="card mx-4 mt-4 p-0">
        {MENU.filter((m) => hasScreen(m.to)).map((m) => (
          <li key={m.to}>
            <Link to={m.to} className="list-row">
              <span className="flex items-center gap-3">
                <span className="text-accent">
                  <Icon name={m.icon} />
                </span>
                {t(`menu.${m.key}`)}
              </span>
              <span className="flex items-center gap-2">
                {m.to === "/verify" && <KycState authentication={user.authentication} />}
                {m.to === "/messages" && unread > 0 && (
                  <span className="rounded-full bg-down px-2 text-xs font-semibold text-white">
                    {t("unread", { count: unread })}
                  </span>
                )}
                {m.to === "/customerservice" && replies > 0 && (
                  <span
                    className="rounded-full bg-down px-2 text-xs font-semibold text-white"
                    data-testid="support-unread"
                  >
                    {t("unread", { count: replies })}
                  </span>
                )}
                <Icon name="chevron" size={18} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <PushSettings publicKey={pushKey} devices={devices} />
      <Form method="post" action="/logout" className="mx-4 mt-6">
        <button type="submit" className="btn btn-secondary btn-block">
          {t("logout")}
        </button>
      </Form>
    </div>
  );
}

/** Where identity verification stands, on its menu row: the level that needs attention next. */
function KycState({ authentication: { primary, advanced } }: { authentication: User["authentication"] }) {
  const { t } = useTranslation("account");
  const key =
    primary !== "authenticated"
      ? primary
      : advanced === "authenticated"
        ? "advanced"
        : advanced === "pending"
          ? "advanced_pending"
          : "primary";
  const tone =
    key === "advanced" || key === "primary"
      ? "text-up"
      : key === "rejected"
        ? "text-down"
        : key.endsWith("pending")
          ? "text-accent"
          : "text-muted";
  return (
    <span className={`text-xs ${tone}`} data-testid="kyc-state">
      {t(`kyc_row.${key}`)}
    </span>
  );
}
