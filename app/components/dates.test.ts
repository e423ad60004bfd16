import { describe, expect, it } from "vitest";
import { formatClock, formatDate, formatDateTime, formatTime, formatTimestamp } from "./dates.tsx";

describe("dates", () => {
  const newYear = "2026-01-01T00:00:00Z";
  it("use the language's real locale (kr is Korean, not an unknown code that falls back to en-US)", () => {
    expect(formatDate(newYear, "kr", "UTC")).toBe("2026. 1. 1.");
    expect(formatDate(newYear, "vn", "UTC")).toBe(
      new Intl.DateTimeFormat("vi-VN", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(newYear)),
    );
  });
  it("are shown in the customer's zone, and say which", () => {
    expect(formatDateTime(newYear, "ru", "Asia/Tokyo")).toBe("1 янв. 2026 г., 09:00 GMT+9");
    expect(formatTimestamp(newYear, "en", "Asia/Kolkata")).toBe("01/01/2026, 05:30:00 GMT+5:30");
    expect(formatDate("2025-12-31T20:00:00Z", "en", "Asia/Tokyo")).toBe("Jan 1, 2026");
  });
  it("say a quote's end to the second, with the zone (it lives 10 s)", () => {
    expect(formatClock("2026-12-03T13:29:05Z", "en", "UTC")).toBe("13:29:05 UTC");
    expect(formatClock("2026-12-03T13:29:05Z", "es", "Asia/Tokyo")).toBe("22:29:05 GMT+9");
  });
  it("keep one formatter per language, zone and style, never one's for another", () => {
    // Formatters are made once and kept: each answer must still be its own zone's and style's.
    const at = "2026-01-01T00:00:00.250Z";
    for (let round = 0; round < 2; round++) {
      expect(formatTime(at, "en", "UTC")).toBe("00:00:00");
      expect(formatTime(at, "en", "Asia/Tokyo")).toBe("09:00:00");
      expect(formatTimestamp(at, "en", "UTC")).toBe("01/01/2026, 00:00:00 UTC");
      expect(formatTimestamp(at, "en", "UTC", true)).toBe("01/01/2026, 00:00:00.250 UTC");
      expect(formatDate(at, "ru", "UTC")).toBe("1 янв. 2026 г.");
      expect(formatDate(at, "en", "UTC")).toBe("Jan 1, 2026");
    }
  });
});
