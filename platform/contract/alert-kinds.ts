// Price alerts' terms, without zod: the screen reads them in the browser.
/**
 * Price alerts: "BTC/USDT rises to 100,000", "falls to 90,000", or "moves 5 % within an hour".
 * One definition for the form and the API.
 */
export const ALERT_KINDS = ["above", "below", "move"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** The windows a move is measured over, in minutes. */
export const ALERT_WINDOWS = [15, 60, 240] as const;
/** How many alerts a customer may have armed at once. */
export const MAX_ARMED_ALERTS = 20;
/** A move alert's percentage: from half a percent to 100 %. */
export const MOVE_PERCENT = { min: "0.5", max: "100" } as const;
