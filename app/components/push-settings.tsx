import { useCallback, useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import type { PushDevice } from "../../platform/contract/push.ts";
import { useHydrated } from "../hooks.ts";
import { useDates } from "./dates.tsx";
import { useTranslation } from "./translation.ts";

/** What this browser can do about notifications, once the page runs. */
type State = "checking" | "unsupported" | "denied" | "off" | "on" | "working";

/** The VAPID key as PushManager.subscribe wants it: base64url → bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const supported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

/** The service worker that shows notifications (public/sw.js; root.tsx registers it too). */
const registration = () => navigator.serviceWorker.register("/sw.js", { scope: "/" });

/**
 * Notifications in the personal centre (issue 21): turning them on asks the browser for
 * permission and a push subscription, which the centre's action hands to the platform. That
 * needs script; without it the section says so, and the devices already on can still be turned
 * off with plain forms.
 */
export function PushSettings({ publicKey, devices }: { publicKey: string; devices: PushDevice[] }) {
  const { t } = useTranslation("account");
  const dates = useDates();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ ok: boolean }>();
  const [state, setState] = useState<State>("checking");
  const [failed, setFailed] = useState(false);

  const look = useCallback(async () => {
    if (!supported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    const current = await (await registration()).pushManager.getSubscription();
    setState(current ? "on" : "off");
  }, []);
  useEffect(() => {
    if (hydrated) look().catch(() => setState("unsupported"));
  }, [hydrated, look]);

  async function turnOn() {
    setFailed(false);
    setState("working");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const reg = await registration();
      await navigator.serviceWorker.ready;
      const subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      const json = subscription.toJSON();
      await fetcher.submit(
        {
          intent: "push_subscribe",
          endpoint: json.endpoint ?? "",
          p256dh: json.keys?.p256dh ?? "",
          auth: json.keys?.auth ?? "",
        },
        { method: "post" },
      );
      setState("on");
    } catch (error) {
      console.error("push subscription failed", error);
      setFailed(true);
      await look().catch(() => setState("unsupported"));
    }
  }

  async function turnOff() {
    setState("working");
    try {
      const subscription = await (await registration()).pushManager.getSubscription();
      if (subscription) {
        await fetcher.submit(
          { intent: "push_unsubscribe", endpoint: subscription.endpoint },
          { method: "post" },
        );
        await subscription.unsubscribe();
      }
    } finally {
      await look().catch(() => setState("unsupported"));
    }
  }

  return (
    <section className="mx-4 mt-6" aria-labelledby="push-title" data-testid="push-settings">
      <h2 id="push-title" className="font-semibold">
        {t("push.title")}
      </h2>
      <p className="text-xs text-muted">{t("push.intro")}</p>
      <div className="card mt-3">
        {!hydrated ? (
          <p className="text-sm" data-testid="push-needs-js">
            {t("push.needs_js")}
          </p>
        ) : state === "unsupported" ? (
          <p className="text-sm">{t("push.unsupported")}</p>
        ) : state === "denied" ? (
          <p className="text-sm">{t("push.denied")}</p>
        ) : state === "on" ? (
          <div className="flex items-center justify-between gap-3">
            <span className="text-sm text-up" data-testid="push-on">
              {t("push.on")}
            </span>
            <button type="button" className="btn btn-secondary min-h-9 px-3 text-sm" onClick={turnOff}>
              {t("push.turn_off")}
            </button>
          </div>
        ) : (
          <>
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={turnOn}
              disabled={state !== "off"}
              aria-busy={state === "working" || state === "checking"}
            >
              {t("push.turn_on")}
            </button>
            {failed && (
              <p className="mt-2 text-sm text-down" role="alert">
                {t("push.failed")}
              </p>
            )}
          </>
        )}
      </div>
      {devices.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold">{t("push.devices")}</h3>
          <ul className="card mt-2 p-0">
            {devices.map((d) => (
              <li
                key={d.id}
                className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 last:border-0"
              >
                <div className="min-w-0">
                  <p className="font-medium">{d.device || d.service}</p>
                  <p className="text-xs text-muted">
                    {t("push.added", { when: dates.dateTime(d.created_at) })}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="id" value={d.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="push_unsubscribe"
                    className="btn btn-secondary min-h-9 px-3 text-sm"
                    aria-label={t("push.device_off_of", { device: d.device || d.service })}
                  >
                    {t("push.device_off")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
