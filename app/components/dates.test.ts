import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTimestamp } from "./dates.tsx";

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
});
