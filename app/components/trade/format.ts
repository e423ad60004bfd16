import { formatPrice, truncateDecimal } from "../../../platform/contract/precision.ts";

/** USDT amounts on the trade screens: grouped, truncated (never rounded) to `places`. */
export const usdt = (value: string | null | undefined, places = 2) =>
  value === null || value === undefined ? "-" : formatPrice(value, places);

/** A profit or loss with its sign: "+12.34", "-0.50", "0.00". */
export function signed(value: string | null | undefined, places = 2): string {
  if (value === null || value === undefined) return "-";
  const text = formatPrice(value, places);
  if (text === "-" || text.startsWith("-") || /^[0.,]+$/.test(text)) return text;
  return `+${text}`;
}

/** The class that colours a signed figure: green up, red down, plain at zero. */
export function tone(value: string | null | undefined): string {
  if (!value) return "";
  if (value.trim().startsWith("-") && /[1-9]/.test(truncateDecimal(value, 8))) return "down";
  return /[1-9]/.test(truncateDecimal(value, 8)) ? "up" : "";
}

/** A quantity exactly as the platform holds it ("0.5", "120"). */
export const qty = (value: string | null | undefined) =>
  value ? truncateDecimal(value, 8).replace(/\.?0+$/, "") : "-";

/** A countdown as HH:MM:SS (or "Nd HH:MM:SS" beyond a day). */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, "0");
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
