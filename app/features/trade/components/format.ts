import { truncateDecimal } from "../../../../platform/contract/precision.ts";

// Figures themselves are written by app/components/numbers.tsx (useNumbers), in the page's language.

/** The class that colours a signed figure: green up, red down, plain at zero. */
export function tone(value: string | null | undefined): string {
  if (!value) return "";
  if (value.trim().startsWith("-") && /[1-9]/.test(truncateDecimal(value, 8))) return "down";
  return /[1-9]/.test(truncateDecimal(value, 8)) ? "up" : "";
}

/** A countdown as HH:MM:SS (or "Nd HH:MM:SS" beyond a day). */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, "0");
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
