import { z } from "zod";
import { outboxQuery } from "../contract/outbox.ts";
import type { Api } from "../http/app.ts";
import { ApiError } from "../http/errors.ts";
import type { Notifier } from "./notifier.ts";

/** GET /api/dev/outbox?to=ADDRESS — only with DEV_OUTBOX=1; a 404 otherwise. */
export function outboxRoutes(api: Api, notifier: Notifier) {
  api.route(
    {
      method: "get",
      path: "/dev/outbox",
      tags: ["Development"],
      summary: "Messages sent to an address, newest first, each with its code (DEV_OUTBOX=1 only)",
      query: outboxQuery,
      response: z.array(
        z.object({
          id: z.number(),
          channel: z.enum(["email", "sms"]),
          to: z.string(),
          subject: z.string(),
          body: z.string(),
          code: z.string().nullable(),
          created_at: z.string(),
        }),
      ),
    },
    async ({ query }, { deps }) => {
      if (!deps.config.devOutbox) throw new ApiError(404, "errors.not_found");
      // A phone's "+" arrives as a space when the URL did not encode it.
      const to = query.to.includes("@") ? query.to.toLowerCase() : `+${query.to.replace(/[^\d]/g, "")}`;
      const rows = await notifier.outboxFor(deps.db, to);
      return rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        body: m.body,
        code: m.code,
        created_at: m.createdAt.toISOString(),
      }));
    },
  );
}
