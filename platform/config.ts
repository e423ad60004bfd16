import { createECDH, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { DEFAULT_PRICE_BAND } from "./contract/trading-math.ts";

/**
 * The browsers' push services (Chrome/Edge through FCM, Firefox, Safari, Windows): a customer's
 * subscription may only name an endpoint there, so the server never POSTs to an address of the
 * subscriber's choosing (a request forgery into the private network).
 */
const DEFAULT_PUSH_SERVICES = [
  "fcm.googleapis.com",
  "push.services.mozilla.com",
  "web.push.apple.com",
  "notify.windows.com",
];

/** Everything the process can be told through its environment, validated once at start-up. */
const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Where `react-router build` wrote the web app (react-router.config.ts reads the same variable). */
  BUILD_DIR: z.string().min(1).default("build"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  API_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Beacon <no-reply@localhost>"),
  SMS_WEBHOOK_URL: z.url().optional(),
  S3_URL: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseS3Url(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    })
    .optional(),
  CODE_RESEND_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  CODES_PER_IP_HOUR: z.coerce.number().int().min(1).max(100_000).default(300),
  CODES_PER_IP_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  CODES_PER_IP_10_SECONDS: z.coerce.number().int().min(1).max(100_000).default(5),
  CODES_PER_DESTINATION_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  WEB_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(4096)
    .max(64 * 1024 * 1024)
    .default(128 * 1024),
  UPLOAD_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(256 * 1024 * 1024)
    .default(3 * 2 * 1024 * 1024 + 256 * 1024),
  OVERSIZED_POSTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(3),
  QUOTES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Market price protection: a market order or close fills no further than this from the mark. */
  MARKET_PRICE_BAND: z.coerce.number().min(0.0001).max(0.5).default(Number(DEFAULT_PRICE_BAND)),
  QUOTES_PER_10_SECONDS: z.coerce.number().int().min(1).max(100_000).default(5),
  SUPPORT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  SUPPORT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  LOGIN_FAILURES_PER_PAIR: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  LOGIN_FAILURES_PER_ACCOUNT_HOUR: z.coerce.number().int().min(4).max(100_000).default(40),
  WS_FRAMES_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(20),
  WS_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  WS_AUTH_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(5),
  WS_HANDSHAKES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  WS_REFUSAL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  WS_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(10_000).default(100),
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(300).default(30),
  REFUSAL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  FAIR_SHARE_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(6),
  FAIR_SHARE_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(1),
  FAIR_SHARE_WAITING_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_ISSUER: z.url().default("https://appleid.apple.com"),
  PUBLIC_URL: z.url().optional(),
  MARKET_FEED: z.enum(["sim", "binance"]).default("sim"),
  USDT_CNY_RATE: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a decimal number such as 7.2")
    .default("7.2"),
  BINANCE_WS_URL: z.url().default("wss://stream.binance.com:9443"),
  BINANCE_REST_URL: z.url().default("https://api.binance.com"),
  DEPOSIT_XPUB: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,}$/, "must be a BIP32 extended public key (xpub…)")
    .optional(),
  DEPOSIT_EOS_ACCOUNT: z
    .string()
    .regex(/^[a-z1-5.]{1,12}$/, "must be an EOS account name")
    .default("beacondeposi"),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, "must be an uncompressed P-256 public key, base64url (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key, base64url (43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: address")
    .optional(),
  PUSH_SERVICES: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9.:/-]+(\s*,\s*[A-Za-z0-9.:/-]+)*\s*$/,
      "must be a comma-separated list of host names or origins",
    )
    .default(DEFAULT_PUSH_SERVICES.join(",")),
  DEV_OUTBOX: z.enum(["0", "1"]).optional(),
  SEED_DEMO: z.enum(["0", "1"]).optional(),
  DEMO_FAUCET: z.enum(["0", "1"]).optional(),
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  INSECURE_COOKIES: z.enum(["0", "1"]).default("0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  buildDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  sessionSecret: string;
  apiUrl: string | undefined;
  /** The site's public address (OAuth redirect URIs, wallet sign-in domain); else from requests. */
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  /** A private S3-compatible bucket for uploads; unset: DATA_DIR/uploads. */
  s3Url: string | undefined;
  /** At most one code per address this often (spec: 60 s; tests shorten it). */
  codeResendSeconds: number;
  /** At most this many codes (SMS and e-mail) per client address per hour, all destinations. */
  codesPerIpHour: number;
  /** …and at most this many in any minute (the hour's ceiling is not spent in one burst). */
  codesPerIpMinute: number;
  /** …and in any 10 seconds (nor the minute's: each code is database work everyone shares). */
  codesPerIp10Seconds: number;
  /** At most this many codes per client address to one destination (e-mail or phone) per hour. */
  codesPerDestinationHour: number;
  /** The most a web form post may carry (bytes, counted as read); upload forms: uploadBodyLimit. */
  webBodyLimit: number;
  /** Posts over their limit one address may send a minute before its chunked posts are refused unread. */
  oversizedPostsPerMinute: number;
  uploadBodyLimit: number;
  /** Conversion quotes one customer may ask for per minute, and in any 10 seconds of it. */
  quotesPerMinute: number;
  quotesPer10Seconds: number;
  /**
   * Market price protection (a fraction): a market order or a close never fills beyond the mark
   * × (1 ± band) (platform/contract/trading-math.ts, `protectedLimit`).
   */
  marketPriceBand: string;
  /** Support chat messages one customer may send (platform/support/service.ts). */
  supportLimits: { perMinute: number; perHour: number };
  /** Wrong passwords: per account and address pair and per address (15 min), per account (hour). */
  loginLimits: { perPair: number; perIp: number; perAccountHour: number };
  /** /ws: frames per second per socket, sockets per address, auth frames per minute, channels. */
  ws: {
    framesPerSecond: number;
    connectionsPerIp: number;
    authPerMinute: number;
    subscriptions: number;
    handshakesPerMinute: number;
    refusalDelayMs: number;
  };
  /** Requests in hand at once, one address's share while others wait, and its queue (fair-share.ts). */
  fairShare: { concurrency: number; perKey: number; waitingPerKey: number };
  /** How far V8 lets the heap grow past what is live after a full collection, in % (0: V8's own choice). */
  heapGrowthPercent: number;
  /** How long an answer refusing a request over a limit (413, 429) waits (refusal-hold.ts). */
  refusalDelayMs: number;
  /** OpenID Connect sign-in providers that are configured (buttons are hidden otherwise). */
  oidc: Partial<Record<"google" | "apple", { issuer: string; clientId: string; clientSecret?: string }>>;
  marketFeed: "sim" | "binance";
  /** USDT→CNY rate for the cnyPrice of every ticker. */
  usdtCnyRate: string;
  binance: { wsUrl: string; restUrl: string };
  /** The operator's deposit key (BIP32 xpub); a development one is generated when unset. */
  depositXpub: string | undefined;
  depositEosAccount: string;
  devOutbox: boolean;
  seedDemo: boolean;
  /** The demo faucet: free test USDT through the ledger, and the demo account's starting balance. */
  demoFaucet: boolean;
  /** Behind a reverse proxy: take the client's address and https from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** Plain-http try-outs only: session cookies without `Secure` in production. */
  insecureCookies: boolean;
  logLevel: z.infer<typeof configSchema>["LOG_LEVEL"];
  /** Web Push: the VAPID key pair (base64url) and subject, and the push services accepted. */
  push: {
    publicKey: string;
    privateKey: string;
    subject: string;
    /** Host names (https, the host or a subdomain of it) or exact origins (`http://127.0.0.1:4000`). */
    services: string[];
  };
};

export class ConfigError extends Error {}

/** Empty strings count as unset, as shells and .env files often leave them. */
function withoutEmpty(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
}

/**
 * Reads and validates the configuration. A bad value throws a ConfigError whose message is one
 * line naming the variable; a missing SESSION_SECRET is generated once and kept in DATA_DIR.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "config");
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? "")}: ${issue?.message}`);
  }
  const c = parsed.data;
  const dataDir = resolve(c.DATA_DIR);
  // With API_URL this process is the web tier only (server.ts): the platform elsewhere owns
  // DATA_DIR and its keys, and this one keeps nothing on disk. Its session cookie opens the
  // platform's /ws too, so the secret is the platform's, given, never generated here.
  const webTier = c.API_URL !== undefined;
  if (webTier && !c.SESSION_SECRET)
    throw new ConfigError(
      'Invalid SESSION_SECRET="": required with API_URL (the same secret as the platform\'s)',
    );
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir,
    buildDir: c.BUILD_DIR,
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    sessionSecret: c.SESSION_SECRET ?? persistedSecret(dataDir, "session-secret"),
    apiUrl: c.API_URL,
    publicUrl: c.PUBLIC_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    smsWebhookUrl: c.SMS_WEBHOOK_URL,
    s3Url: c.S3_URL,
    codeResendSeconds: c.CODE_RESEND_SECONDS,
    codesPerIpHour: c.CODES_PER_IP_HOUR,
    codesPerIpMinute: c.CODES_PER_IP_MINUTE,
    codesPerIp10Seconds: c.CODES_PER_IP_10_SECONDS,
    codesPerDestinationHour: c.CODES_PER_DESTINATION_HOUR,
    webBodyLimit: c.WEB_BODY_LIMIT,
    oversizedPostsPerMinute: c.OVERSIZED_POSTS_PER_MINUTE,
    uploadBodyLimit: c.UPLOAD_BODY_LIMIT,
    quotesPerMinute: c.QUOTES_PER_MINUTE,
    quotesPer10Seconds: c.QUOTES_PER_10_SECONDS,
    marketPriceBand: String(c.MARKET_PRICE_BAND),
    supportLimits: { perMinute: c.SUPPORT_MESSAGES_PER_MINUTE, perHour: c.SUPPORT_MESSAGES_PER_HOUR },
    loginLimits: {
      perPair: c.LOGIN_FAILURES_PER_PAIR,
      perIp: c.LOGIN_FAILURES_PER_IP,
      perAccountHour: c.LOGIN_FAILURES_PER_ACCOUNT_HOUR,
    },
    ws: {
      framesPerSecond: c.WS_FRAMES_PER_SECOND,
      connectionsPerIp: c.WS_CONNECTIONS_PER_IP,
      authPerMinute: c.WS_AUTH_PER_MINUTE,
      subscriptions: c.WS_SUBSCRIPTIONS,
      handshakesPerMinute: c.WS_HANDSHAKES_PER_MINUTE,
      refusalDelayMs: c.WS_REFUSAL_DELAY_MS,
    },
    refusalDelayMs: c.REFUSAL_DELAY_MS,
    heapGrowthPercent: c.HEAP_GROWTH_PERCENT,
    fairShare: {
      concurrency: c.FAIR_SHARE_CONCURRENCY,
      perKey: c.FAIR_SHARE_PER_ADDRESS,
      waitingPerKey: c.FAIR_SHARE_WAITING_PER_ADDRESS,
    },
    oidc: {
      ...(c.GOOGLE_CLIENT_ID
        ? {
            google: {
              issuer: c.GOOGLE_ISSUER,
              clientId: c.GOOGLE_CLIENT_ID,
              clientSecret: c.GOOGLE_CLIENT_SECRET,
            },
          }
        : {}),
      ...(c.APPLE_CLIENT_ID
        ? {
            apple: {
              issuer: c.APPLE_ISSUER,
              clientId: c.APPLE_CLIENT_ID,
              clientSecret: c.APPLE_CLIENT_SECRET,
            },
          }
        : {}),
    },
    marketFeed: c.MARKET_FEED,
    usdtCnyRate: c.USDT_CNY_RATE,
    binance: { wsUrl: c.BINANCE_WS_URL, restUrl: c.BINANCE_REST_URL },
    depositXpub: c.DEPOSIT_XPUB,
    depositEosAccount: c.DEPOSIT_EOS_ACCOUNT,
    // A local try-out (embedded database, no e-mail or SMS provider) shows its codes at
    // /dev/outbox, or nobody could sign up; once a provider is configured, codes go only there.
    devOutbox: c.DEV_OUTBOX ? c.DEV_OUTBOX === "1" : !c.DATABASE_URL && !c.SMTP_URL && !c.SMS_WEBHOOK_URL,
    // The demo account and the demo faucet are on by default only for the embedded database.
    seedDemo: c.SEED_DEMO ? c.SEED_DEMO === "1" : !c.DATABASE_URL,
    demoFaucet: c.DEMO_FAUCET ? c.DEMO_FAUCET === "1" : !c.DATABASE_URL,
    trustProxy: c.TRUST_PROXY === "1",
    insecureCookies: c.INSECURE_COOKIES === "1",
    logLevel: c.LOG_LEVEL,
    push: {
      // The web tier sends no pushes: no key pair made for it.
      ...(webTier
        ? { publicKey: c.VAPID_PUBLIC_KEY ?? "", privateKey: c.VAPID_PRIVATE_KEY ?? "" }
        : vapidKeys(dataDir, c.VAPID_PUBLIC_KEY, c.VAPID_PRIVATE_KEY)),
      subject:
        c.VAPID_SUBJECT ??
        (c.PUBLIC_URL?.startsWith("https://") ? c.PUBLIC_URL : "mailto:no-reply@localhost"),
      services: c.PUSH_SERVICES.split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    },
  };
}

/**
 * The VAPID key pair: both from the environment, or generated once (an ECDH P-256 pair, as
 * web-push's generateVAPIDKeys makes) and kept in DATA_DIR/vapid-keys.json. Changing it would
 * orphan every browser's subscription, so it is kept like the session secret.
 */
function vapidKeys(dataDir: string, publicKey?: string, privateKey?: string) {
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (publicKey || privateKey) {
    const missing = publicKey ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
    throw new ConfigError(`Invalid ${missing}="": must be set together with the other VAPID key`);
  }
  const file = join(dataDir, "vapid-keys.json");
  const read = () => JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  if (existsSync(file)) return read();
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    // A key with leading zero bytes comes out short: pad it to its 32 bytes.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString("base64url"),
  };
  try {
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: "wx" });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return read();
    throw error;
  }
}

/** A random secret created on first use and kept in DATA_DIR so it survives restarts. */
export function persistedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}

// S3_URL is read here, with the other settings; uploads/storage.ts opens the bucket it names.
export type S3Location = {
  endpoint: string;
  bucket: string;
  region: string;
  pathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * Reads S3_URL: `s3://KEY:SECRET@host[:port]/bucket?region=…&path_style=1` (https), or
 * `s3+http://…` for a plain-http server such as a local MinIO. Throws on anything else.
 */
export function parseS3Url(value: string): S3Location {
  const url = new URL(value);
  const scheme = { "s3:": "https:", "s3+https:": "https:", "s3+http:": "http:" }[url.protocol];
  if (!scheme) throw new Error("must start with s3://, s3+https:// or s3+http://");
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ""));
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error("must name a bucket: …/bucket");
  if (!url.username || !url.password)
    throw new Error("must give the access key and secret: s3://KEY:SECRET@host/bucket");
  if (!url.hostname) throw new Error("must name the host");
  const pathStyle = url.searchParams.get("path_style");
  if (pathStyle !== null && pathStyle !== "0" && pathStyle !== "1")
    throw new Error("path_style must be 0 or 1");
  return {
    endpoint: `${scheme}//${url.host}`,
    bucket,
    region: url.searchParams.get("region") || "us-east-1",
    pathStyle: pathStyle === "1",
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}
