import { exitQuote } from "../components/earn/calc.ts";
import type {
  ExitConfirmation,
  Participation,
  ParticipationState,
  Product,
  ProductKind,
} from "../components/earn/types.ts";
import type { ApiClient } from "./api.ts";

/** Every product on the shelf (mining pools, staking and lock-up). */
export const allProducts = (api: ApiClient) => api.data("/user/mining");

/**
 * The user's participations, newest first: in one state and/or in products of one kind. The
 * platform lists them a page (at most 100) at a time; a customer holds few, so screens read them
 * whole.
 */
export async function myParticipations(
  api: ApiClient,
  filter: { status?: ParticipationState; kind?: ProductKind; products?: readonly Product[] } = {},
) {
  const ids = filter.kind
    ? new Set(filter.products?.filter((p) => p.kind === filter.kind).map((p) => p.id))
    : null;
  const out: Participation[] = [];
  for (let page = 1; page <= 20; page++) {
    const result = await api.data("/user/mininglist", {
      status: filter.status,
      page,
      limit: 100,
    });
    out.push(...result.list.filter((p) => !ids || ids.has(p.product_id)));
    if (!result.has_more) break;
  }
  return out;
}

/**
 * The exit confirmation asked for by `?exit=ID`: what leaving returns, the early-exit penalty
 * shown before confirming. Nothing when the participation is not the user's or already over.
 */
export async function exitConfirmation(api: ApiClient, url: URL): Promise<ExitConfirmation | null> {
  const id = Number(url.searchParams.get("exit"));
  if (!Number.isInteger(id) || id <= 0) return null;
  const result = await api.get("/user/miningitem", { id });
  if (result.status_code !== 200 || result.data.participation.status !== "participating") return null;
  const { participation, product } = result.data;
  const quote = exitQuote(participation, product?.early_exit_penalty ?? "0", Date.now());
  return { participation, product, penaltyRate: product?.early_exit_penalty ?? "0", ...quote };
}

/** What the user's spot wallet holds available of a coin ("0" when nothing). */
export async function spotAvailable(api: ApiClient, coin: string) {
  const assets = await api.data("/account/index");
  return assets.wallets.spot.find((a) => a.code === coin)?.balance ?? "0";
}
