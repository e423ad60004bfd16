// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";

/** Devices one customer may have notifications on (a stale one is dropped by the push service's 410). */
export const MAX_PUSH_DEVICES = 10;

/** A base64url string (padding allowed), matched by its unpadded form (no Buffer: browsers run this too). */
const base64url = (pattern: RegExp, error: string) =>
  z
    .string({ error })
    .trim()
    .transform((v) => v.replace(/=+$/, ""))
    .refine((v) => pattern.test(v), { error });

/**
 * A browser's push subscription, flat (PushSubscription.toJSON()'s `endpoint` and its
 * `keys.p256dh` and `keys.auth`): the endpoint to POST to, the browser's P-256 public key
 * (65 bytes, uncompressed) and its 16-byte authentication secret (RFC 8291).
 */
export const pushSubscribeInput = z.object({
  endpoint: z
    .string({ error: "push.endpoint_invalid" })
    .trim()
    .max(2048, { error: "push.endpoint_invalid" })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
      error: "push.endpoint_invalid",
    }),
  // 65 bytes starting 0x04 (an uncompressed point) are 87 characters starting "B".
  p256dh: base64url(/^B[A-Za-z0-9_-]{86}$/, "push.p256dh_invalid"),
  // 16 bytes are 22 characters.
  auth: base64url(/^[A-Za-z0-9_-]{22}$/, "push.auth_invalid"),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeInput>;

/** Turns one device off: this browser by its endpoint, or one of the listed devices by id. */
export const pushUnsubscribeInput = z
  .object({
    endpoint: z.string().trim().max(2048).optional(),
    id: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1)
      .optional(),
  })
  .refine((v) => v.endpoint || v.id, { error: "push.not_found", path: ["id"] });

export const pushKeySchema = z
  .object({
    public_key: z.string().meta({
      description:
        "The VAPID public key (base64url, uncompressed P-256): PushManager.subscribe's applicationServerKey",
    }),
  })
  .meta({ id: "PushKey" });

export const pushDeviceSchema = z
  .object({
    id: z.number().int(),
    device: z
      .string()
      .meta({ description: "The browser and system it was turned on from", example: "Chrome · Android" }),
    service: z.string().meta({ description: "The push service's host", example: "fcm.googleapis.com" }),
    created_at: z.string(),
    last_sent_at: z.string().nullable(),
    last_error: z.string().nullable().meta({ description: "What the push service last refused, if it did" }),
  })
  .meta({ id: "PushDevice" });
export type PushDevice = z.infer<typeof pushDeviceSchema>;
