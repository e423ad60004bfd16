import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Staff who run the console: never customers, never in `users`. */
export const operators = pgTable(
  "operators",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** Base32 TOTP secret: sign-in always asks for its code. */
    totpSecret: text("totp_secret").notNull(),
    /** The last TOTP step accepted: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    role: text("role", { enum: ["support", "reviewer", "operator", "owner"] }).notNull(),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("operators_email_unique").on(t.email)],
);

/** Console sessions: their own tokens, so a customer's token never opens an admin call. */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: text("id").primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("operator_sessions_token").on(t.tokenHash)],
);

/**
 * Every operator action, append-only: rows are only inserted (a trigger refuses UPDATE and
 * DELETE), in the same transaction as the change they describe.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    /** The operator's e-mail (or the CLI's operator name): kept as text so it outlives the account. */
    operator: text("operator").notNull(),
    action: text("action").notNull(),
    /** What was acted on, e.g. "kyc:12", "withdrawal:3", "product:1", "post:4". */
    target: text("target").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_at").on(t.at), index("audit_log_operator").on(t.operator, t.at)],
);
