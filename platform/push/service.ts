import { and, count, eq, ne, or, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import { describeDevice } from "../contract/device.ts";
import { MAX_PUSH_DEVICES, type PushDevice, type PushSubscribeInput } from "../contract/push.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { pushSubscriptions } from "./tables.ts";

/**
 * The screen a notification opens, by kind. Only these kinds are pushed: what the customer
 * must hear of when not looking (money moved or decided, a market reached their price, their
 * account changed, an answer from support). Daily income and their own requests stay in the inbox.
 */
export const PUSH_URLS: Record<string, string> = {
  price_alert_above: "/pricealerts",
  price_alert_below: "/pricealerts",
  price_alert_move: "/pricealerts",
  order_liquidated: "/traderecord",
  order_tpsl_triggered: "/traderecord",
  option_settled: "/traderecord",
  deposit_credited: "/walletrecord",
  withdrawal_approved: "/walletrecord",
  withdrawal_rejected: "/walletrecord",
  withdrawal_sent: "/walletrecord",
  fiat_recharge_approved: "/walletrecord",
  fiat_recharge_rejected: "/walletrecord",
  kyc_primary_approved: "/verify",
  kyc_primary_rejected: "/verify",
  kyc_advanced_approved: "/verify",
  kyc_advanced_rejected: "/verify",
  security_new_login: "/security",
  security_password_changed: "/security",
  security_login_attempts: "/security",
  support_reply: "/customerservice",
  // Queued by the spot engine with its batch (one statement), not through queuePush.
  order_filled: "/orderdetails",
  order_partly_filled: "/orderdetails",
};

/**
 * Queues a notification to each of the user's devices. Call it inside the transaction of the
 * event it reports: it is one insert, never a network call, so the push service can neither slow
 * nor fail that transaction, and a rolled-back event sends nothing.
 */
export async function queuePush(
  db: Db,
  userId: number,
  type: string,
  params: Record<string, string | number>,
) {
  if (!(type in PUSH_URLS)) return;
  await db.execute(sql`
    insert into push_outbox (subscription_id, type, params)
    select s.id, ${type}, ${JSON.stringify(params)}::jsonb from push_subscriptions s
    where s.user_id = ${userId} and ${signedIn}`);
}

/** A subscription whose sign-in has not been ended (signed out, or ended from elsewhere). */
export const signedIn = sql`not exists (
  select 1 from sessions x where x.id = s.session_id and x.revoked_at is not null)`;

/**
 * Whether the server may POST to this endpoint: https to a listed push service (the host or a
 * subdomain of it), or exactly a listed origin. A customer cannot make it call anything else.
 */
export function endpointAllowed(endpoint: string, services: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  return services.some((service) =>
    service.includes("://")
      ? URL.canParse(service) && new URL(service).origin === url.origin
      : url.protocol === "https:" && (url.hostname === service || url.hostname.endsWith(`.${service}`)),
  );
}

function deviceView(row: typeof pushSubscriptions.$inferSelect): PushDevice {
  return {
    id: row.id,
    device: row.device,
    service: new URL(row.endpoint).hostname,
    created_at: row.createdAt.toISOString(),
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
    last_error: row.lastError,
  };
}

/**
 * Turns notifications on for a browser. A browser has one endpoint: subscribing it again
 * refreshes its keys, and a browser that another account had (a shared phone) now notifies
 * only whoever subscribed it last, with nothing of the other's still queued for it.
 */
export async function subscribe(
  deps: { db: Db; config: Config },
  user: { id: number; sessionId: string },
  input: PushSubscribeInput,
  userAgent: string,
): Promise<PushDevice> {
  const userId = user.id;
  if (!endpointAllowed(input.endpoint, deps.config.push.services))
    throw fieldError("endpoint", "push.endpoint_not_allowed");
  return deps.db.transaction(async (tx) => {
    // One subscription at a time per customer: the device count below cannot be raced past.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('push'), ${userId})`);
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, input.endpoint)));
    if ((others?.n ?? 0) >= MAX_PUSH_DEVICES)
      throw fieldError("endpoint", "push.too_many", { max: MAX_PUSH_DEVICES });
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, input.endpoint), ne(pushSubscriptions.userId, userId)));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
        device: describeDevice(userAgent),
        sessionId: user.sessionId,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: input.p256dh, auth: input.auth, sessionId: user.sessionId, lastError: null },
      })
      .returning();
    if (!row) throw new Error("push subscription not stored");
    return deviceView(row);
  });
}

/** Turns one of the user's devices off (by this browser's endpoint or the listed id). */
export async function unsubscribe(db: Db, userId: number, which: { endpoint?: string; id?: number }) {
  const [row] = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        or(
          which.id ? eq(pushSubscriptions.id, which.id) : undefined,
          which.endpoint ? eq(pushSubscriptions.endpoint, which.endpoint) : undefined,
        ),
      ),
    )
    .returning();
  if (!row) throw new ApiError(404, "push.not_found");
  return deviceView(row);
}

export async function listDevices(db: Db, userId: number): Promise<PushDevice[]> {
  // Devices signed out since are off: they go now (the sender drops them too).
  await db.execute(sql`delete from push_subscriptions s where s.user_id = ${userId} and not ${signedIn}`);
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
  return rows.map(deviceView);
}
