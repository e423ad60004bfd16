import { z } from "zod";
import {
  pushDeviceSchema,
  pushKeySchema,
  pushSubscribeInput,
  pushUnsubscribeInput,
} from "../contract/push.ts";
import type { Api } from "../http/app.ts";
import { listDevices, subscribe, unsubscribe } from "./service.ts";

const tags = ["Notifications"];

/** Web Push: the server's public key, and turning a browser's notifications on and off. */
export function pushRoutes(api: Api) {
  api.route(
    {
      method: "get",
      path: "/push/key",
      tags,
      summary:
        "The VAPID public key a browser subscribes with (PushManager.subscribe's applicationServerKey)",
      response: pushKeySchema,
    },
    (_input, { deps }) => ({ public_key: deps.config.push.publicKey }),
  );

  api.route(
    {
      method: "get",
      path: "/push/devices",
      tags,
      summary: "The user's devices with notifications on",
      auth: "required",
      response: z.array(pushDeviceSchema),
    },
    (_input, { deps, user }) => listDevices(deps.db, user.id),
  );

  api.route(
    {
      method: "post",
      path: "/push/subscribe",
      tags,
      summary:
        "Turns notifications on for a browser: its PushSubscription's `endpoint` (a known push service's), `p256dh` and `auth` keys (base64url); again for the same endpoint refreshes its keys; at most 10 devices",
      auth: "required",
      body: pushSubscribeInput,
      response: pushDeviceSchema,
    },
    async ({ body }, ctx) => {
      const device = await subscribe(ctx.deps, ctx.user, body, ctx.userAgent);
      ctx.setMessage("push.subscribed");
      return device;
    },
  );

  api.route(
    {
      method: "post",
      path: "/push/unsubscribe",
      tags,
      summary:
        "Turns notifications off for one device: this browser by `endpoint`, or a listed device by `id`",
      auth: "required",
      body: pushUnsubscribeInput,
      response: pushDeviceSchema,
    },
    async ({ body }, ctx) => {
      const device = await unsubscribe(ctx.deps.db, ctx.user.id, body);
      ctx.setMessage("push.unsubscribed");
      return device;
    },
  );
}
