import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../contract/languages.ts";
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
});
