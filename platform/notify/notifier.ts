import { desc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";
import { langFromHeader } from "../contract/languages.ts";
import type { Db } from "../db/client.ts";
import { translator } from "../http/i18n.ts";
import type { Logger } from "../logger.ts";
import { outbox } from "./tables.ts";

export type Message = {
  channel: "email" | "sms";
  to: string;
  subject?: string;
  text: string;
  /** The one-time code inside, if any: kept in the dev outbox so tests and try-outs can read it. */
  code?: string;
};

export type Notifier = {
  send(db: Db, message: Message): Promise<void>;
  /** What the local outbox holds for an address, newest first (DEV_OUTBOX=1 only). */
  outboxFor(db: Db, to: string): Promise<(typeof outbox.$inferSelect)[]>;
};

/**
 * How the notifier finds an address's anti-phishing code: identity's, handed in by the platform so
 * that notify needs nothing of identity (identity sends its codes through the notifier).
 */
export type AntiPhishingLookup = (
  db: Db,
  email: string,
) => Promise<{ code: string; lang: string } | undefined>;

/**
 * E-mail through SMTP (nodemailer) when SMTP_URL is set, SMS through a provider webhook when
 * SMS_WEBHOOK_URL is set; otherwise each message is only logged. With DEV_OUTBOX=1 every message
 * is also kept in the local outbox.
 */
export function createNotifier(config: Config, logger: Logger, antiPhishingOf: AntiPhishingLookup): Notifier {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;

  async function deliver(message: Message) {
    if (message.channel === "email" && transport) {
      await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      return;
    }
    if (message.channel === "sms" && config.smsWebhookUrl) {
      const response = await fetch(config.smsWebhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
      return;
    }
    // No provider: the log is the delivery (local try-outs); the text only with DEV_OUTBOX.
    logger.info(
      {
        channel: message.channel,
        to: message.to,
        subject: message.subject,
        text: config.devOutbox ? message.text : "[hidden]",
      },
      "message (no provider configured)",
    );
  }

  return {
    async send(db, original) {
      const message = await withAntiPhishing(db, original, antiPhishingOf);
      if (config.devOutbox) {
        await db.insert(outbox).values({
          channel: message.channel,
          to: message.to,
          subject: message.subject ?? "",
          body: message.text,
          code: message.code ?? null,
        });
      }
      // Delivery happens after the caller has answered: how long a provider takes must not
      // tell an observer whether a message was sent (and so whether an account exists).
      deliver(message).catch((error) =>
        logger.error({ err: error, channel: message.channel }, "delivery failed"),
      );
    },
    outboxFor: (db, to) =>
      db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(50),
  };
}

/**
 * An e-mail to an account that has an anti-phishing code starts with it, in the account's
 * language: a message without it (or with another) did not come from us.
 */
async function withAntiPhishing(
  db: Db,
  message: Message,
  antiPhishingOf: AntiPhishingLookup,
): Promise<Message> {
  if (message.channel !== "email") return message;
  const owner = await antiPhishingOf(db, message.to);
  if (!owner) return message;
  const t = translator(langFromHeader(owner.lang));
  return { ...message, text: `${t("mail.anti_phishing", { code: owner.code })}\n\n${message.text}` };
}
