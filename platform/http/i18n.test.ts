import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../contract/languages.ts";
import { messages } from "../contract/messages/index.ts";
import { paramKind } from "../contract/numbers.ts";
import { translator } from "./i18n.ts";

// Written independently of the formatter: what each language's readers expect to see.
const NBSP = "\u00a0";
// Russian groups with a no-break space (CLDR has used both the wide and the narrow one).
const GAP = "[\u00a0\u202f]";

describe("the platform's own messages", () => {
  it("write amounts in the reader's language, not as stored decimals", () => {
    const minimum = "10000.00000000";
    expect(translator("en")("wallet.desk_minimum", { minimum })).toBe(
      "The block desk takes 10,000.00 USDT's worth or more",
    );
    expect(translator("ru")("wallet.desk_minimum", { minimum })).toMatch(new RegExp(`10${GAP}000`));
    expect(translator("es")("wallet.desk_minimum", { minimum })).toContain("10.000");
    expect(translator("pt")("wallet.desk_minimum", { minimum })).toContain("10.000");
    expect(translator("vn")("wallet.desk_minimum", { minimum })).toContain("10.000");
  });

  it("say a message without parameters in each reader's language, every time it is asked", () => {
    const en = translator("en");
    const ru = translator("ru");
    expect(en("errors.not_found")).toBe(en("errors.not_found"));
    expect(ru("errors.not_found")).toBe(ru("errors.not_found"));
    expect(ru("errors.not_found")).not.toBe(en("errors.not_found"));
    // The same key with parameters is still filled in.
    expect(en("wallet.desk_minimum", { minimum: "5" })).toBe("The block desk takes 5 USDT's worth or more");
    expect(en("wallet.desk_minimum?minimum=7")).toBe("The block desk takes 7 USDT's worth or more");
  });

  it("keep a price's decimals, with the language's separators", () => {
    const said = (lang: (typeof LANGUAGES)[number]) =>
      translator(lang)("alerts.above_now", { price: "95153.06" });
    expect(said("en")).toContain("95,153.06");
    expect(said("ru")).toMatch(new RegExp(`95${GAP}153,06`));
    expect(said("id")).toContain("95.153,06");
    expect(said("zh")).toContain("95,153.06");
    expect(said("en")).not.toContain("95153.06");
  });

  it("show a fraction of a coin to its last decimal and cents with two", () => {
    const body = (amount: string) => translator("en")("inbox.deposit_credited.body", { amount, coin: "BTC" });
    expect(body("0.00012345")).toBe("0.00012345 BTC has been credited to your account.");
    expect(body("2.5")).toBe("2.50 BTC has been credited to your account.");
  });

  it("write percentages with the sign where the language puts it", () => {
    const range = (lang: (typeof LANGUAGES)[number]) =>
      translator(lang)("alerts.percent_range?minimum_percent=0.5&maximum_percent=50");
    expect(range("en")).toBe("Enter a move from 0.5% to 50%");
    expect(range("ru")).toContain(`0,5${NBSP}%`);
    expect(range("es")).toContain(`0,5${NBSP}%`);
    expect(range("ja")).toContain("0.5%");
    for (const lang of LANGUAGES) expect(range(lang)).not.toMatch(/%\s*%/);
  });

  it("leave codes, addresses, periods and counts as they are", () => {
    const t = translator("en");
    expect(t("inbox.option_settled.body", { code: "btc", period: "202611261530", payout: "1900" })).toContain(
      "period 202611261530",
    );
    expect(t("inbox.option_settled.body", { code: "btc", period: "202611261530", payout: "1900" })).toContain(
      "1,900 USDT",
    );
    expect(t("inbox.withdrawal_sent.body", { amount: "1", coin: "USDT", txid: "12345678" })).toContain(
      "Transaction: 12345678",
    );
  });

  it("know how to write every parameter a message has (a new one must say if it is a number)", () => {
    const names = new Set<string>();
    const walk = (node: unknown) => {
      if (typeof node === "string") for (const m of node.matchAll(/{{\s*(\w+)/g)) names.add(m[1] as string);
      else if (node && typeof node === "object") for (const v of Object.values(node)) walk(v);
    };
    for (const lang of LANGUAGES) walk(messages[lang]);
    expect([...names].filter((name) => paramKind(name) === undefined)).toEqual([]);
  });

  it("write a partial close's quantities as the language writes numbers", () => {
    const said = (lang: (typeof LANGUAGES)[number]) =>
      translator(lang)("trading.position_partly_closed", { closed: "0.02", asked: "1000.5" });
    expect(said("en")).toBe("Closed 0.02 of 1,000.50: the book could not take the rest, which stays open");
    expect(said("ru")).toMatch(new RegExp(`0,02.*1${GAP}000,50`));
    expect(said("es")).toContain("0,02");
    expect(said("vn")).toContain("1.000,50");
  });

  it("write a moment as a date and time in the reader's language, in UTC", () => {
    const time = "2026-11-28T13:05:00.000Z";
    const en = translator("en")("wallet.locked_until", { time });
    expect(en).toContain("Nov 28, 2026");
    expect(en).toContain("UTC");
    expect(en).not.toContain(time);
    expect(translator("ja")("wallet.locked_until", { time })).toContain("2026年11月28日");
    expect(translator("ru")("wallet.locked_until", { time })).toContain("28 нояб. 2026");
  });
});
