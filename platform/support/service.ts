import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AuthOperator } from "../admin/index.ts";
import { audit, operatorEmailOf, operatorEmails } from "../admin/index.ts";
import type { Bus } from "../bus/bus.ts";
import { uidOf } from "../contract/identity.ts";
import type {
  SupportChatSummary,
  SupportChatView,
  SupportMessage,
  SupportQueue,
} from "../contract/support.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { type RateLimiter, tooMany } from "../http/rate-limit.ts";
import { contactsOf } from "../identity/index.ts";
import { unreadCountSql } from "../inbox/index.ts";
import { queuePush } from "../push/index.ts";
import type { UploadStore } from "../uploads/index.ts";
import { type CheckedImage, readUpload, saveImages } from "../uploads/index.ts";
import { supportChats, supportMessages } from "./tables.ts";

export type SupportDeps = {
  db: Db;
  bus: Bus;
  store: UploadStore;
  limiter: RateLimiter;
  /** Messages one customer may send a minute and an hour (SUPPORT_MESSAGES_PER_MINUTE / _HOUR). */
  limits: { perMinute: number; perHour: number };
};

type Chat = typeof supportChats.$inferSelect;
type Message = typeof supportMessages.$inferSelect;

const notFound = () => new ApiError(404, "support.not_found");

// ------------------------------------------------------------------ events

/**
 * Tells the customer's open pages their chat changed (a reply, a close, their own message from
 * another tab), with their unread count: after the transaction committed, so a page that reloads
 * on it sees the change.
 */
async function tellCustomer(deps: { db: Db; bus: Bus }, userId: number, chatId: number) {
  const unread = await customerUnread(deps.db, userId);
  await deps.bus.publish(`account:${userId}`, { type: "support", chat_id: chatId, unread });
}

// ------------------------------------------------------------------ the customer's side

/** Operator messages the customer has not read, over all their chats (the badge's number). */
const unreadReplies = (userId: number) =>
  and(
    eq(supportChats.userId, userId),
    eq(supportMessages.author, "operator"),
    isNull(supportMessages.readAt),
  );

export async function customerUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .innerJoin(supportChats, eq(supportChats.id, supportMessages.chatId))
    .where(unreadReplies(userId));
  return row?.n ?? 0;
}

/** The Mine tab's two badges in one statement: unread inbox messages and unread operator replies. */
export async function badges(db: Db, userId: number) {
  const support = sql<number>`(select count(*)::int from ${supportMessages} inner join ${supportChats} on ${supportChats.id} = ${supportMessages.chatId} where ${unreadReplies(userId)})`;
  const { rows } = (await db.execute(
    sql`select ${unreadCountSql(userId)} as messages, ${support} as support`,
  )) as unknown as { rows: { messages: number; support: number }[] };
  return { messages: rows[0]?.messages ?? 0, support: rows[0]?.support ?? 0 };
}

/** Unread messages per chat, written by `author` (the other side's). */
async function unreadByChat(db: Db, chatIds: number[], author: "customer" | "operator") {
  if (chatIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ chatId: supportMessages.chatId, n: count() })
    .from(supportMessages)
    .where(
      and(
        inArray(supportMessages.chatId, chatIds),
        eq(supportMessages.author, author),
        isNull(supportMessages.readAt),
      ),
    )
    .groupBy(supportMessages.chatId);
  return new Map(rows.map((r) => [r.chatId, r.n]));
}

/** The last message of each chat (its text; "" for an image alone). */
async function lastByChat(db: Db, chatIds: number[]) {
  if (chatIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectDistinctOn([supportMessages.chatId], {
      chatId: supportMessages.chatId,
      body: supportMessages.body,
    })
    .from(supportMessages)
    .where(inArray(supportMessages.chatId, chatIds))
    .orderBy(supportMessages.chatId, desc(supportMessages.id));
  return new Map(rows.map((r) => [r.chatId, r.body]));
}

function summary(chat: Chat, unread: number, last: string): SupportChatSummary {
  return {
    id: chat.id,
    status: chat.status,
    answered: chat.operatorId !== null,
    unread,
    last: last.length > 120 ? `${last.slice(0, 119)}…` : last,
    created_at: chat.createdAt.toISOString(),
    updated_at: chat.updatedAt.toISOString(),
    closed_at: chat.closedAt?.toISOString() ?? null,
  };
}

function messageView(m: Message): SupportMessage {
  return {
    id: m.id,
    chat_id: m.chatId,
    author: m.author,
    body: m.body,
    image: m.uploadId,
    read: m.readAt !== null,
    created_at: m.createdAt.toISOString(),
  };
}

/** The messages of one chat, oldest first (the latest 500). */
async function messagesOf(db: Db, chatId: number) {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.chatId, chatId))
    .orderBy(desc(supportMessages.id))
    .limit(500);
  return rows.reverse();
}

/**
 * What the customer's chat screen shows: the chat asked for (another customer's is "not found",
 * as if it did not exist), else the open one, else the latest; its messages; the list of the
 * customer's chats (the history) and the unread count.
 */
export async function chatView(db: Db, userId: number, chatId?: number): Promise<SupportChatView> {
  const chats = await db
    .select()
    .from(supportChats)
    .where(eq(supportChats.userId, userId))
    .orderBy(desc(supportChats.id))
    .limit(50);
  let chat: Chat | undefined;
  if (chatId !== undefined) {
    chat = chats.find((c) => c.id === chatId);
    if (!chat) {
      [chat] = await db
        .select()
        .from(supportChats)
        .where(and(eq(supportChats.id, chatId), eq(supportChats.userId, userId)))
        .limit(1);
      if (!chat) throw notFound();
    }
  } else {
    chat = chats.find((c) => c.status === "open") ?? chats[0];
  }
  const ids = [...new Set([...chats.map((c) => c.id), ...(chat ? [chat.id] : [])])];
  const [unread, last] = await Promise.all([unreadByChat(db, ids, "operator"), lastByChat(db, ids)]);
  const view = (c: Chat) => summary(c, unread.get(c.id) ?? 0, last.get(c.id) ?? "");
  return {
    chat: chat ? view(chat) : null,
    messages: chat ? (await messagesOf(db, chat.id)).map(messageView) : [],
    chats: chats.map(view),
    unread: [...unread.values()].reduce((a, b) => a + b, 0),
  };
}

/**
 * Counts one message against the customer's limits (by default 10 a minute, a burst of short lines
 * being normal in a chat, and 60 an hour, more than an operator reads): per customer, not per
 * address. Over one: a 429 and nothing counted.
 */
async function checkRate(deps: SupportDeps, userId: number) {
  const windows = [
    { windowMs: 60_000, limit: deps.limits.perMinute },
    { windowMs: 3_600_000, limit: deps.limits.perHour },
  ];
  for (const { windowMs, limit } of windows) {
    const state = await deps.limiter.blocked(`support:${userId}:${windowMs}`, limit, windowMs);
    if (!state.ok) throw tooMany(state.retryAfterMs);
  }
  for (const { windowMs, limit } of windows)
    await deps.limiter.hit(`support:${userId}:${windowMs}`, limit, windowMs);
}

/**
 * A customer's message: to `chatId` (theirs and open, else refused and nothing stored), or to
 * their open chat, starting one when none is open. The image, checked before, is stored as a
 * private upload of the customer's; if anything fails, the file is removed again.
 */
export async function sendCustomerMessage(
  deps: SupportDeps,
  userId: number,
  input: { chatId?: number; body: string; image?: CheckedImage },
): Promise<SupportMessage> {
  const body = input.body.trim();
  if (!body && !input.image) throw fieldError("body", "support.empty");
  if (input.chatId !== undefined) {
    const [chat] = await deps.db
      .select()
      .from(supportChats)
      .where(and(eq(supportChats.id, input.chatId), eq(supportChats.userId, userId)))
      .limit(1);
    if (!chat) throw notFound();
    if (chat.status !== "open") throw new ApiError(409, "support.closed");
  }
  await checkRate(deps, userId);
  let discard: (() => Promise<void>) | undefined;
  try {
    const message = await deps.db.transaction(async (tx) => {
      let chat: Chat | undefined;
      if (input.chatId !== undefined) {
        [chat] = await tx
          .select()
          .from(supportChats)
          .where(and(eq(supportChats.id, input.chatId), eq(supportChats.userId, userId)))
          .for("update")
          .limit(1);
        if (!chat) throw notFound();
        // Closed while the customer was typing.
        if (chat.status !== "open") throw new ApiError(409, "support.closed");
      } else {
        [chat] = await tx.insert(supportChats).values({ userId }).onConflictDoNothing().returning();
        chat ??= (
          await tx
            .select()
            .from(supportChats)
            .where(and(eq(supportChats.userId, userId), eq(supportChats.status, "open")))
            .for("update")
            .limit(1)
        )[0];
        if (!chat) throw new ApiError(409, "support.closed");
      }
      let uploadId: string | null = null;
      if (input.image) {
        const saved = await saveImages(tx, deps.store, userId, [{ purpose: "support", image: input.image }]);
        discard = saved.discard;
        uploadId = saved.ids[0] ?? null;
      }
      const [row] = await tx
        .insert(supportMessages)
        .values({ chatId: chat.id, author: "customer", body, uploadId })
        .returning();
      await tx.update(supportChats).set({ updatedAt: sql`now()` }).where(eq(supportChats.id, chat.id));
      if (!row) throw new Error("support message not stored");
      return row;
    });
    await tellCustomer(deps, userId, message.chatId);
    return messageView(message);
  } catch (error) {
    await discard?.();
    throw error;
  }
}

/** Marks the operators' messages of one of the customer's chats read; answers the unread count. */
export async function markCustomerRead(deps: { db: Db; bus: Bus }, userId: number, chatId: number) {
  const [chat] = await deps.db
    .select({ id: supportChats.id })
    .from(supportChats)
    .where(and(eq(supportChats.id, chatId), eq(supportChats.userId, userId)))
    .limit(1);
  if (!chat) throw notFound();
  const read = await markChatRead(deps.db, chatId, "operator");
  if (read > 0) await tellCustomer(deps, userId, chatId);
  return customerUnread(deps.db, userId);
}

/** Marks one side's unread messages of a chat read (the other side is reading); answers how many. */
async function markChatRead(db: Db, chatId: number, author: "customer" | "operator") {
  const read = await db
    .update(supportMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(supportMessages.chatId, chatId),
        eq(supportMessages.author, author),
        isNull(supportMessages.readAt),
      ),
    )
    .returning({ id: supportMessages.id });
  return read.length;
}

// ------------------------------------------------------------------ the console's side

export type SupportQueueRow = {
  id: number;
  uid: string;
  account: string;
  status: "open" | "closed";
  operator: string;
  unread: number;
  last: string;
  created_at: string;
  updated_at: string;
};

const accountOf = (u: { email: string | null; phone: string | null; wallet: string | null }) =>
  u.email ?? u.phone ?? u.wallet ?? "";

async function queueRows(db: Db, chats: Chat[]): Promise<SupportQueueRow[]> {
  const ids = chats.map((c) => c.id);
  const userIds = [...new Set(chats.map((c) => c.userId))];
  const operatorIds = [...new Set(chats.flatMap((c) => (c.operatorId ? [c.operatorId] : [])))];
  const [unread, last, people, staff] = await Promise.all([
    unreadByChat(db, ids, "customer"),
    lastByChat(db, ids),
    contactsOf(db, userIds),
    operatorEmails(db, operatorIds),
  ]);
  return chats.map((c) => {
    const person = people.find((p) => p.id === c.userId);
    const text = last.get(c.id) ?? "";
    return {
      id: c.id,
      uid: uidOf(c.userId),
      account: person ? accountOf(person) : "",
      status: c.status,
      operator: staff.find((s) => s.id === c.operatorId)?.email ?? "",
      unread: unread.get(c.id) ?? 0,
      last: text.length > 120 ? `${text.slice(0, 119)}…` : text,
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
    };
  });
}

/**
 * The console's queue: `waiting` (open, nobody has taken it; oldest first), `mine` (open and
 * taken by this operator), `open`, `closed` or `all` (latest activity first), at most 100.
 */
export async function supportQueue(db: Db, op: AuthOperator, queue: SupportQueue) {
  const where =
    queue === "waiting"
      ? and(eq(supportChats.status, "open"), isNull(supportChats.operatorId))
      : queue === "mine"
        ? and(eq(supportChats.status, "open"), eq(supportChats.operatorId, op.id))
        : queue === "open" || queue === "closed"
          ? eq(supportChats.status, queue)
          : undefined;
  const chats = await db
    .select()
    .from(supportChats)
    .where(where)
    .orderBy(
      queue === "waiting" ? asc(supportChats.updatedAt) : desc(supportChats.updatedAt),
      desc(supportChats.id),
    )
    .limit(100);
  return queueRows(db, chats);
}

/** For the dashboard: chats nobody has taken, and unread customer messages in this operator's. */
export async function supportCounts(db: Db, operatorId: number) {
  const [waiting] = await db
    .select({ n: count() })
    .from(supportChats)
    .where(and(eq(supportChats.status, "open"), isNull(supportChats.operatorId)));
  const [mine] = await db
    .select({ n: count() })
    .from(supportMessages)
    .innerJoin(supportChats, eq(supportChats.id, supportMessages.chatId))
    .where(
      and(
        eq(supportChats.status, "open"),
        eq(supportChats.operatorId, operatorId),
        eq(supportMessages.author, "customer"),
        isNull(supportMessages.readAt),
      ),
    );
  return { waiting: waiting?.n ?? 0, unread: mine?.n ?? 0 };
}

/** One chat for the console: the queue row, every message (with who answered) and what this operator may do. */
export async function supportChatDetail(db: Db, op: AuthOperator, id: number) {
  const [chat] = await db.select().from(supportChats).where(eq(supportChats.id, id)).limit(1);
  if (!chat) throw notFound();
  const [row] = await queueRows(db, [chat]);
  const mine = chat.operatorId === op.id;
  return {
    ...(row as SupportQueueRow),
    assigned_to_me: mine,
    closed_at: chat.closedAt?.toISOString() ?? null,
    closed_by: chat.closedBy ?? "",
    messages: (await messagesOf(db, id)).map((m) => ({
      ...messageView(m),
      operator: m.operator ?? "",
      // The image is for the operator who has the chat (GET /api/admin/support/attachment).
      image: m.uploadId && mine ? m.uploadId : null,
      has_image: m.uploadId !== null,
    })),
  };
}

/** The chat, locked for this transaction; a closed one is refused. */
async function lockChat(tx: Db, id: number) {
  const [chat] = await tx.select().from(supportChats).where(eq(supportChats.id, id)).for("update").limit(1);
  if (!chat) throw notFound();
  if (chat.status !== "open") throw new ApiError(409, "support.already_closed");
  return chat;
}

async function operatorEmail(db: Db, id: number | null) {
  if (id === null) return null;
  return (await operatorEmailOf(db, id)) ?? null;
}

/** Takes an open chat (also from another operator, who is named in the audit row). */
export async function assignChat(deps: { db: Db; bus: Bus }, op: AuthOperator, id: number) {
  const chat = await deps.db.transaction(async (tx) => {
    const before = await lockChat(tx, id);
    if (before.operatorId === op.id) return before;
    const [after] = await tx
      .update(supportChats)
      .set({ operatorId: op.id })
      .where(eq(supportChats.id, id))
      .returning();
    await audit(tx, {
      operator: op.email,
      action: "support.assign",
      target: `support:${id}`,
      before: { operator: await operatorEmail(tx, before.operatorId) },
      after: { operator: op.email },
    });
    return after ?? before;
  });
  await tellCustomer(deps, chat.userId, id);
}

/**
 * An operator's answer to an open chat: taken by this operator, or by nobody yet (then it is
 * theirs, audited as an assignment too); another operator's chat must be taken over first.
 * The customer's messages so far count as read.
 */
export async function replyToChat(
  deps: { db: Db; bus: Bus },
  op: AuthOperator,
  id: number,
  text: string,
): Promise<SupportMessage> {
  const body = text.trim();
  if (!body) throw fieldError("body", "validation.required");
  const { chat, message } = await deps.db.transaction(async (tx) => {
    const chat = await lockChat(tx, id);
    if (chat.operatorId !== null && chat.operatorId !== op.id)
      throw new ApiError(409, "support.assigned_elsewhere");
    if (chat.operatorId === null) {
      await tx.update(supportChats).set({ operatorId: op.id }).where(eq(supportChats.id, id));
      await audit(tx, {
        operator: op.email,
        action: "support.assign",
        target: `support:${id}`,
        before: { operator: null },
        after: { operator: op.email },
      });
    }
    const [message] = await tx
      .insert(supportMessages)
      .values({ chatId: id, author: "operator", operator: op.email, body })
      .returning();
    if (!message) throw new Error("support reply not stored");
    await tx
      .update(supportMessages)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(supportMessages.chatId, id),
          eq(supportMessages.author, "customer"),
          isNull(supportMessages.readAt),
        ),
      );
    await tx.update(supportChats).set({ updatedAt: sql`now()` }).where(eq(supportChats.id, id));
    await queuePush(tx, chat.userId, "support_reply", {});
    await audit(tx, {
      operator: op.email,
      action: "support.reply",
      target: `support:${id}`,
      after: { message_id: message.id, body },
    });
    return { chat, message };
  });
  await tellCustomer(deps, chat.userId, id);
  return messageView(message);
}

/** Closes an open chat (this operator's, or one nobody has taken); the customer's next message starts a new one. */
export async function closeChat(deps: { db: Db; bus: Bus }, op: AuthOperator, id: number) {
  const chat = await deps.db.transaction(async (tx) => {
    const before = await lockChat(tx, id);
    if (before.operatorId !== null && before.operatorId !== op.id)
      throw new ApiError(409, "support.assigned_elsewhere");
    const [after] = await tx
      .update(supportChats)
      .set({ status: "closed", closedAt: new Date(), closedBy: op.email })
      .where(eq(supportChats.id, id))
      .returning();
    await audit(tx, {
      operator: op.email,
      action: "support.close",
      target: `support:${id}`,
      before: { status: before.status },
      after: { status: "closed" },
    });
    return after ?? before;
  });
  await tellCustomer(deps, chat.userId, id);
}

/** The operator who has the chat read the customer's messages. */
export async function markOperatorRead(db: Db, op: AuthOperator, id: number) {
  const [chat] = await db.select().from(supportChats).where(eq(supportChats.id, id)).limit(1);
  if (!chat) throw notFound();
  if (chat.operatorId !== op.id) return 0;
  return markChatRead(db, id, "customer");
}

/**
 * A chat's image for the operator who has that chat (anyone else, other operators included:
 * 404, as for no file). The customer sees their own through /api/user/upload.
 */
export async function chatAttachment(db: Db, store: UploadStore, op: AuthOperator, uploadId: string) {
  if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw new ApiError(404, "errors.not_found");
  const [row] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .innerJoin(supportChats, eq(supportChats.id, supportMessages.chatId))
    .where(and(eq(supportMessages.uploadId, uploadId), eq(supportChats.operatorId, op.id)))
    .limit(1);
  if (!row) throw new ApiError(404, "errors.not_found");
  return readUpload(db, store, uploadId, { operator: op.email });
}
