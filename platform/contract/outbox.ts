// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";

/** The local outbox (DEV_OUTBOX=1): the messages sent to one e-mail address or phone number. */
export const outboxQuery = z.object({ to: z.string().trim().min(1).max(254) });
