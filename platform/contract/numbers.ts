import { LANGUAGE_INFO, type Lang } from "./languages.ts";
import { CNY_PRECISION, QUANTITY_PRECISION, truncateDecimal } from "./precision.ts";

// Every number on every screen, server and browser alike, in the page's language: its real
// locale tag (`kr`, `tw` and `vn` are our codes, not locales), its separators, its compact units
// (万/億, 만/억, K/M/B, тыс./млн…). Values come in as decimal strings and reach Intl as strings
// (exact since ECMA-402's NumberFormat v3: Node 20, Chromium 106), never through a float, and are
// truncated (`roundingMode: "trunc"`): the spec's precision table truncates, so a shown price is
// one the market reached and a shown balance is never more than is there. They are cut to the
// shown decimals by string first too, so even an engine without v3 cannot round them.

const tag = (lang: string) => LANGUAGE_INFO[lang as Lang]?.tag ?? "en";

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(tag(lang), { roundingMode: "trunc", ...options });
    formatters.set(key, found);
  }
  return found;
}

type Input = string | number | bigint | null | undefined;

/** The decimal string of a value, or undefined when it is not a number. Exponents are expanded. */
function decimal(value: Input, places: number): `${number}` | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const text = truncateDecimal(value, places);
  return text === "-" ? undefined : (text as `${number}`);
}

export interface DecimalOptions {
  /** Decimals always shown (zeros padded). */
  min?: number;
  /** Decimals at most (the rest truncated); defaults to `min`. */
  max?: number;
  /** "+" before positive values (a change, a profit). */
  signed?: boolean;
  /** Thousands grouping as the language writes it (default on; off for values put in inputs). */
  grouped?: boolean;
}

/** A decimal in the language's own writing, truncated to `max` decimals: "95,123.45", "95 123,45". */
export function formatDecimal(lang: string, value: Input, options: DecimalOptions = {}): string {
  const min = options.min ?? 0;
  const max = Math.max(min, options.max ?? min);
  const text = decimal(value, max);
  if (text === undefined) return "-";
  return formatter(lang, {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    useGrouping: options.grouped === false ? false : "auto",
    signDisplay: options.signed ? "exceptZero" : "negative",
  }).format(text);
}

/** A change in percent (the value is already in percent: "1.239" → "+1.23%", "+1,23 %"). */
export function formatPercent(lang: string, value: Input, options: DecimalOptions = {}): string {
  const min = options.min ?? 2;
  const max = Math.max(min, options.max ?? min);
  const text = decimal(value, max);
  if (text === undefined) return "-";
  return formatter(lang, {
    style: "unit",
    unit: "percent",
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    signDisplay: options.signed === false ? "negative" : "exceptZero",
  }).format(text);
}

/** A fraction in percent, truncated to `places` decimals of the percent ("0.000123" → "0.01%"). */
export function formatFraction(lang: string, value: Input, places = 2, min = places): string {
  const text = decimal(value, places + 2);
  if (text === undefined) return "-";
  return formatter(lang, {
    style: "percent",
    minimumFractionDigits: Math.min(min, places),
    maximumFractionDigits: places,
    signDisplay: "negative",
  }).format(text);
}

/** A large amount compacted as the language does: "12.34K", "1.23万", "1.23억", "12,34 тыс.". */
export function formatCompact(lang: string, value: Input): string {
  const text = decimal(value, 8);
  if (text === undefined) return "-";
  return formatter(lang, { notation: "compact", maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(
    text,
  );
}

/** An integer count: "1,234", "1 234". */
export const formatInteger = (lang: string, value: Input) => formatDecimal(lang, value);

/**
 * The formatters of one language, for the screens. Precisions (spec §5, truncated): prices per
 * coin (`pricePrecision`), depth quantities 3, CNY prices 4; USDT money (totals, margins, fees,
 * profit and loss, values) 2; coin amounts as held, up to 8 decimals without trailing zeros.
 */
export function numbers(lang: string) {
  return {
    lang,
    /** Any decimal with explicit options. */
    decimal: (value: Input, options?: DecimalOptions) => formatDecimal(lang, value, options),
    /** A price at its pair's precision, zeros kept: "95,123.40". */
    price: (value: Input, places: number) => formatDecimal(lang, value, { min: places }),
    /** USDT money (totals, margins, fees, values): 2 decimals by default. */
    usdt: (value: Input, places = 2) => formatDecimal(lang, value, { min: places }),
    /** A profit or loss with its sign: "+12.34", "-0.50", "0.00". */
    signed: (value: Input, places = 2, max = places) =>
      formatDecimal(lang, value, { min: places, max, signed: true }),
    /** A fee or funding in USDT: 2 decimals, up to 4 when it is below a cent ("0.12", "0.0012"). */
    fee: (value: Input) => formatDecimal(lang, value, { min: 2, max: 4 }),
    /** A coin amount: at least `min` decimals, at most 8, no trailing zeros beyond `min`. */
    amount: (value: Input, min = 2, max = 8) => formatDecimal(lang, value, { min, max }),
    /** A quantity as the platform holds it ("0.5", "120"), up to 8 decimals. */
    qty: (value: Input) => formatDecimal(lang, value, { min: 0, max: 8 }),
    /** A depth quantity (3 decimals). */
    depth: (value: Input) => formatDecimal(lang, value, { min: QUANTITY_PRECISION }),
    /** A CNY price (4 decimals). */
    cny: (value: Input, places = CNY_PRECISION) => formatDecimal(lang, value, { min: places }),
    /** A 24 h change: "+1.23%". */
    change: (value: Input) => formatPercent(lang, value),
    /** A rate in percent without a forced sign, up to `max` decimals: "5%", "0.01%". */
    percent: (value: Input, max = 2, min = 0) => formatPercent(lang, value, { min, max, signed: false }),
    /** A fraction shown in percent ("0.0001" → "0.01%"): Intl multiplies the decimal string exactly. */
    fraction: (value: Input, places = 2, min = places) => formatFraction(lang, value, places, min),
    compact: (value: Input) => formatCompact(lang, value),
    integer: (value: Input) => formatInteger(lang, value),
  };
}
export type Numbers = ReturnType<typeof numbers>;

/**
 * Parameters of a message that are amounts, prices, limits or durations, by name: the platform
 * keeps them as plain decimals ("10000.00000000") and they are written in the reader's language
 * only when the message is worded. Names not listed (a code, an address, a txid, a period, an IP)
 * are left as they are; so is `count`, which i18next needs as a number to choose a plural.
 */
const NUMBER_PARAMS = new Set([
  "amount",
  "price",
  "level",
  "minimum",
  "maximum",
  "max",
  "fee",
  "limit",
  "payout",
  "filled",
  "closed",
  "asked",
  "quantity",
  "remaining",
  "held",
  "sold",
  "tick",
  "step",
  "decimals",
  "days",
  "seconds",
  "minutes",
  "megapixels",
  "streak",
  "window",
]);
/** Parameters that are a percentage (the number of percent): written with the language's sign. */
const PERCENT_PARAMS = new Set(["percent", "tolerance", "minimum_percent", "maximum_percent"]);
/**
 * Parameters that are a moment (an ISO timestamp): written as the language writes a date and
 * time, in UTC with the zone named (the platform does not know the reader's time zone).
 */
const TIME_PARAMS = new Set(["time"]);
/** Parameters that are words, names or identifiers: left as they are (see `NUMBER_PARAMS`). */
const TEXT_PARAMS = new Set([
  "code",
  "coin",
  "currency",
  "site",
  "reason",
  "count",
  "address",
  "side",
  "period",
  "ip",
  "txid",
  "provider",
  "network",
  "keys",
  "device",
  "requestId",
]);

/** How a message parameter is written: every parameter the messages use has one kind. */
export function paramKind(name: string): "number" | "percent" | "time" | "text" | undefined {
  if (NUMBER_PARAMS.has(name)) return "number";
  if (PERCENT_PARAMS.has(name)) return "percent";
  if (TIME_PARAMS.has(name)) return "time";
  if (TEXT_PARAMS.has(name)) return "text";
  return undefined;
}

const moments = new Map<string, Intl.DateTimeFormat>();
function formatMoment(lang: string, value: string): string | undefined {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return undefined;
  let found = moments.get(lang);
  if (!found) {
    found = new Intl.DateTimeFormat(tag(lang), {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
      timeZoneName: "short",
    });
    moments.set(lang, found);
  }
  return found.format(at);
}

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A message parameter's value as the reader's language writes it. A whole number stays whole
 * ("2000" characters is "2,000"); a decimal shows at least two decimals and all of its own that
 * are not trailing zeros ("10000.00000000" USDT is "10,000.00", "2.5" is "2.50", "0.00012" stays
 * exact); a percentage shows its own decimals ("0.50" is "0.5%").
 */
export function localizeParam(lang: string, name: string, value: unknown): unknown {
  if (TIME_PARAMS.has(name)) return (typeof value === "string" && formatMoment(lang, value)) || value;
  const isPercent = PERCENT_PARAMS.has(name);
  if (!isPercent && !NUMBER_PARAMS.has(name)) return value;
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== "string" || !PLAIN_DECIMAL.test(text)) return value;
  const fraction = text.includes(".");
  const trimmed = fraction ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
  const places = trimmed.includes(".") ? trimmed.length - trimmed.indexOf(".") - 1 : 0;
  if (isPercent) return formatPercent(lang, trimmed, { min: 0, max: places, signed: false });
  return formatDecimal(lang, trimmed, { min: fraction ? 2 : 0, max: Math.max(2, places) });
}

/** Every parameter of a message, localized as `localizeParam` says. */
export function localizeParams<T extends Record<string, unknown>>(lang: string, params: T): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) out[name] = localizeParam(lang, name, value);
  return out as T;
}
