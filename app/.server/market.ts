import type { RouterContextProvider } from "react-router";
import type { MarketEntry } from "../components/market/market-list.tsx";
import { apiClient } from "./api.ts";

/** Every listed market with its latest ticker, for server rendering. */
export async function marketEntries(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<MarketEntry[]> {
  const api = apiClient(request, context);
  const [instruments, tickers] = await Promise.all([
    api.data("/market/instruments"),
    api.data("/market/tickers"),
  ]);
  const byCode = new Map(tickers.map((t) => [t.code, t]));
  return instruments.map((instrument) => ({ instrument, ticker: byCode.get(instrument.code) }));
}
