import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email"),
    areaCode: text("area_code"),
    phone: text("phone"),
    /** +<area><national>, unique: one account per phone number. */
    phoneE164: text("phone_e164"),
    /** Null for accounts created by Google, Apple or a wallet until a password is set. */
    passwordHash: text("password_hash"),
    name: text("name").notNull().default(""),
    avatar: text("avatar").notNull().default(""),
    inviteCode: text("invite_code").notNull(),
    invitedBy: integer("invited_by"),
    kind: text("kind", { enum: ["user", "agent"] })
      .notNull()
      .default("user"),
    walletAddress: text("wallet_address"),
    status: text("status", { enum: ["active", "frozen"] })
      .notNull()
      .default("active"),
    lang: text("lang").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_phone_unique").on(t.phoneE164),
    uniqueIndex("users_invite_code_unique").on(t.inviteCode),
    uniqueIndex("users_wallet_unique").on(t.walletAddress),
  ],
);

/** Google and Apple accounts linked to a user (OpenID Connect `sub` per issuer). */
export const userIdentities = pgTable(
  "user_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

/** Opaque bearer tokens, stored only as their SHA-256; listed and revocable by their owner. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    method: text("method").notNull(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Why it ended: logout, revoked (by the user elsewhere), password (changed or reset). */
    revokeReason: text("revoke_reason"),
  },
  (t) => [uniqueIndex("sessions_token_unique").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/**
 * One-time codes sent by e-mail or SMS: 6 digits, 10 minutes, single use, at most 5 wrong tries.
 * Stored as an HMAC, never in clear.
 */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: serial("id").primaryKey(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    address: text("address").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    captchaKey: text("captcha_key"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("codes_address_idx").on(t.channel, t.address, t.createdAt)],
);

/** Sign-In with Ethereum nonces: issued once, used once, short-lived. */
export const walletNonces = pgTable("wallet_nonces", {
  nonce: text("nonce").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * The security settings of an account, one row per user once any is set: the fund password
 * (argon2id), Google Authenticator (its secret, the last time step used — replay protection that
 * holds across instances — and a secret offered for binding), the anti-phishing code, and until
 * when withdrawals are locked after a security change.
 */
export const userSecurity = pgTable("user_security", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fundPasswordHash: text("fund_password_hash"),
  googleSecret: text("google_secret"),
  googleLastStep: bigint("google_last_step", { mode: "number" }),
  googleBoundAt: timestamp("google_bound_at", { withTimezone: true }),
  /** Offered on /googlevalidator until bound (or replaced by a fresh one). */
  googlePendingSecret: text("google_pending_secret"),
  googlePendingAt: timestamp("google_pending_at", { withTimezone: true }),
  antiPhishingCode: text("anti_phishing_code"),
  withdrawLockedUntil: timestamp("withdraw_locked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Wrong fund passwords, Google codes and old login passwords (on a change): 5 in 15 minutes lock
 * further tries, whichever instance they reach.
 */
export const securityFailures = pgTable(
  "security_failures",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["fund_password", "google", "login_password"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("security_failures_user_idx").on(t.userId, t.kind, t.createdAt)],
);

/** Sign-ins, kept for the user's login history: successes and failures, when, where, what. */
export const loginEvents = pgTable(
  "login_events",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** password, register, google, apple, wallet (with "+2fa" once the second step is passed). */
    method: text("method").notNull(),
    success: boolean("success").notNull(),
    /** Why it failed: password, google_code. */
    reason: text("reason"),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_events_user_idx").on(t.userId, t.createdAt)],
);

/**
 * The second step of a sign-in when Google Authenticator is bound: a ticket (stored as its
 * SHA-256) that, with a valid code, becomes a session. Single use, 5 minutes, 5 tries.
 */
export const loginTickets = pgTable(
  "login_tickets",
  {
    id: serial("id").primaryKey(),
    ticketHash: text("ticket_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("login_tickets_hash_unique").on(t.ticketHash)],
);

/** The withdrawal address book: coin, network, address (checked per network) and a remark. */
export const withdrawalAddresses = pgTable(
  "withdrawal_addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    coin: text("coin").notNull(),
    network: text("network").notNull(),
    address: text("address").notNull(),
    remark: text("remark").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("withdrawal_addresses_user_idx").on(t.userId, t.coin),
    uniqueIndex("withdrawal_addresses_unique").on(t.userId, t.coin, t.network, t.address),
  ],
);

/** Where fiat goes: bank cards and e-wallets, per user. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["bank", "ewallet"] }).notNull(),
    holder: text("holder").notNull(),
    /** The bank's name, or the e-wallet's (Alipay, PayPal…). */
    provider: text("provider").notNull(),
    account: text("account").notNull(),
    branch: text("branch").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_methods_user_idx").on(t.userId)],
);
