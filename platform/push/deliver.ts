import { eq, inArray, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Config } from "../config.ts";
import { langFromHeader } from "../contract/languages.ts";
import type { Db } from "../db/client.ts";
import { translator } from "../http/i18n.ts";
import type { Logger } from "../logger.ts";
import { PUSH_URLS, signedIn } from "./service.ts";
import { pushOutbox, pushSubscriptions } from "./tables.ts";

/**
 * How an inbox message reads in a language (the inbox's `wordMessage`): handed in by the platform,
 * since the inbox queues its pushes here and push must not import it back.
 */
export type WordMessage = (
  type: string,
  params: Record<string, string | number>,
  lang: ReturnType<typeof langFromHeader>,
) => { title: string; body: string };

/** What the service worker (public/sw.js) receives, decrypted: it shows title and body, opens url. */
export type PushPayload = { title: string; body: string; url: string; kind: string };

/** Tries before a notification is dropped (the waits between them add up to about a day). */
const MAX_ATTEMPTS = 8;
/** How long a push service keeps a notification for a browser that is offline (seconds). */
const TTL_SECONDS = 12 * 60 * 60;
const BATCH = 50;

type Claimed = {
  id: number;
  subscription_id: number;
  type: string;
  params: Record<string, string | number>;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
  signed_out: boolean;
};

/** The wait before try `attempts + 1`: 15 s, 30 s, 1 min… at most 4 h. */
const backoffSeconds = (attempts: number) => Math.min(15 * 2 ** attempts, 4 * 60 * 60);

function payloadOf(row: Claimed, wordMessage: WordMessage): PushPayload {
  const lang = langFromHeader(row.lang);
  const url = PUSH_URLS[row.type] ?? "/messages";
  if (row.type === "support_reply") {
    const t = translator(lang);
    return { title: t("push.support_reply.title"), body: t("push.support_reply.body"), url, kind: row.type };
  }
  if (row.type === "order_filled" || row.type === "order_partly_filled") {
    // Fills are pushed, not posted to the inbox (the order's own record already tells them).
    const t = translator(lang);
    const params = { ...row.params, side: t(`push.side_${row.params.side === "sell" ? "sell" : "buy"}`) };
    return {
      title: t(`push.${row.type}.title`, params),
      body: t(`push.${row.type}.body`, params),
      url: `/orderdetails?id=${Number(row.params.id)}`,
      kind: row.type,
    };
  }
  return { ...wordMessage(row.type, row.params, lang), url, kind: row.type };
}

/**
 * Sends what is due in the push outbox. Rows are claimed by pushing their due time back (with
 * SKIP LOCKED, so two senders in a hand-over take different rows); a crash mid-send retries
 * them after that wait. Delivered rows go; a 404 or 410 means the browser dropped the
 * subscription, so it goes with everything queued for it; other failures wait and retry.
 * Answers how many were delivered.
 */
export async function deliverDue(deps: {
  db: Db;
  config: Config;
  logger: Logger;
  wordMessage: WordMessage;
}): Promise<number> {
  const { db, config, logger } = deps;
  const claimed = (
    (await db.execute(sql`
      with due as (
        select id from push_outbox where due_at <= now() order by id limit ${BATCH} for update skip locked
      ), claimed as (
        update push_outbox o
        set attempts = o.attempts + 1,
            due_at = now() + make_interval(secs => least(15 * power(2, o.attempts), 14400))
        from due where o.id = due.id
        returning o.id, o.subscription_id, o.type, o.params, o.attempts
      )
      select c.id, c.subscription_id, c.type, c.params, c.attempts, s.endpoint, s.p256dh, s.auth,
             coalesce(u.lang, 'en') as lang, not ${signedIn} as signed_out
      from claimed c
      join push_subscriptions s on s.id = c.subscription_id
      left join users u on u.id = s.user_id
      order by c.id`)) as unknown as { rows: Claimed[] }
  ).rows;
  if (claimed.length === 0) return 0;

  const vapidDetails = {
    subject: config.push.subject,
    publicKey: config.push.publicKey,
    privateKey: config.push.privateKey,
  };
  let delivered = 0;
  const done: number[] = [];
  for (const row of claimed) {
    if (row.signed_out) {
      // Signed out on that device since this was queued: nothing more goes there.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id));
      continue;
    }
    const outcome = await send(row, deps.wordMessage, vapidDetails).catch((error: Error) => ({
      status: 0,
      error: error.message,
    }));
    if (outcome.status >= 200 && outcome.status < 300) {
      delivered++;
      done.push(row.id);
      await db
        .update(pushSubscriptions)
        .set({ lastSentAt: new Date(), lastError: null })
        .where(eq(pushSubscriptions.id, row.subscription_id));
      continue;
    }
    const error = `${outcome.status || "network"}: ${outcome.error}`.slice(0, 300);
    if (outcome.status === 404 || outcome.status === 410) {
      // Unsubscribed or expired at the browser's end: it will never take another one.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id));
      logger.info({ subscription: row.subscription_id }, "push subscription gone, removed");
      continue;
    }
    await db
      .update(pushSubscriptions)
      .set({ lastError: error })
      .where(eq(pushSubscriptions.id, row.subscription_id));
    // 400 and 413 are our request's fault: sending it again changes nothing.
    if (row.attempts >= MAX_ATTEMPTS || outcome.status === 400 || outcome.status === 413) {
      done.push(row.id);
      logger.warn({ subscription: row.subscription_id, error }, "push notification dropped");
    } else {
      logger.debug(
        { subscription: row.subscription_id, error, retryIn: backoffSeconds(row.attempts - 1) },
        "push retry",
      );
    }
  }
  if (done.length > 0) await db.delete(pushOutbox).where(inArray(pushOutbox.id, done));
  return delivered;
}

/**
 * One notification: web-push signs the VAPID JWT and encrypts the payload (RFC 8291,
 * aes128gcm); the request goes out through fetch, with a deadline, so a slow push service
 * holds up nothing but this sender.
 */
async function send(
  row: Claimed,
  wordMessage: WordMessage,
  vapidDetails: { subject: string; publicKey: string; privateKey: string },
): Promise<{ status: number; error: string }> {
  const details = webpush.generateRequestDetails(
    { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
    JSON.stringify(payloadOf(row, wordMessage)),
    {
      vapidDetails,
      TTL: TTL_SECONDS,
      contentEncoding: "aes128gcm",
      urgency: row.type.startsWith("price_alert") || row.type === "order_liquidated" ? "high" : "normal",
    },
  );
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  // fetch sets the length itself from the body.
  delete headers["Content-Length"];
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers,
    body: details.body ? new Uint8Array(details.body) : undefined,
    redirect: "error",
    signal: AbortSignal.timeout(10_000),
  });
  const text = response.ok ? "" : (await response.text().catch(() => "")).slice(0, 200);
  return { status: response.status, error: text || response.statusText };
}
