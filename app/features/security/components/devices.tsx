import { Form } from "react-router";
import type { SessionView } from "../../../../platform/contract/identity.ts";
import { useDates } from "../../../components/dates.tsx";
import { useTranslation } from "../../../components/translation.ts";

/** The devices signed in, each but this one with a button that ends its session, and all others at once. */
export function Devices({ sessions }: { sessions: SessionView[] }) {
  const { t: ta } = useTranslation("account");
  const dates = useDates();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section className="mx-4 mt-6" aria-labelledby="devices-title">
      <h2 id="devices-title" className="font-semibold">
        {ta("devices_title")}
      </h2>
      <p className="text-xs text-muted">{ta("devices_intro")}</p>
      <ul className="card mt-3 p-0">
        {sessions.map((s) => (
          <li
            key={s.id}
            className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 last:border-0"
          >
            <div className="min-w-0">
              <p className="font-medium">
                {s.device}
                {s.current && (
                  <span className="ml-2 rounded bg-line px-1.5 py-0.5 text-xs text-up">
                    {ta("this_device")}
                  </span>
                )}
              </p>
              <p className="text-xs text-muted">
                {s.ip || "—"} · {ta("last_seen", { when: dates.dateTime(s.last_seen_at) })}
              </p>
            </div>
            {!s.current && (
              <Form method="post">
                <input type="hidden" name="session" value={s.id} />
                <button
                  type="submit"
                  name="intent"
                  value="session"
                  className="btn btn-secondary min-h-9 px-3 text-sm"
                  aria-label={ta("end_session_of", { device: s.device })}
                >
                  {ta("end_session")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Form method="post" className="mt-3">
          <button type="submit" name="intent" value="others" className="btn btn-secondary btn-block">
            {ta("end_others", { count: others })}
          </button>
        </Form>
      )}
    </section>
  );
}
