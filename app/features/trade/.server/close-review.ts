import { isContractType } from "../../../../platform/contract/contract-types.ts";
import { type Dec, dec, str } from "../../../../platform/contract/decimal.ts";
import type { Depth } from "../../../../platform/contract/market.ts";
import { previews } from "../../../../platform/contract/trading-math.ts";
import type { ApiClient } from "../../../.server/api.ts";
import type { CloseReview, ClosingPosition } from "../types.ts";

/** Two expiries (ISO strings, null for a perpetual) name the same contract. */
const sameInstant = (a: string | null | undefined, b: string | null | undefined) =>
  a == null || b == null ? a == null && b == null : Date.parse(a) === Date.parse(b);

/**
 * What a close would do, for its confirmation: one position (all of it, or the part typed) or
 * every open one, each at the best opposite price now of its contract's own book (where the
 * platform closes it); at the mark when that book is not the one trading now (an expired
 * delivery contract waiting for its settlement).
 * Nothing to review (the position is gone): undefined, and the platform's own answer follows.
 */
export async function closeReview(
  api: ApiClient,
  one: { id: number; quantity?: string } | undefined,
): Promise<CloseReview | undefined> {
  const open = await api.get("/contract/positions");
  if (open.status_code !== 200) return undefined;
  const chosen = one ? open.data.filter((p) => p.id === one.id) : open.data;
  if (chosen.length === 0) return undefined;
  // More than is held: nothing to confirm; the platform's refusal goes under the field.
  const asked = dec(one?.quantity);
  const held = dec(chosen[0]?.quantity);
  if (one?.quantity && (asked === undefined || held === undefined || asked > held)) return undefined;
  // Each contract's terms (its taker fee, what the close pays, and for a part its minimum and
  // step) and each book, asked at once.
  const bookOf = (p: { code: string; contract_type: string }) => `${p.code}:${p.contract_type}`;
  const codes = [...new Set(chosen.map((p) => p.code))];
  const booked = [
    ...new Map(
      chosen.flatMap((p) => {
        const { code, contract_type } = p;
        return isContractType(contract_type) ? [[bookOf(p), { code, contract_type }] as const] : [];
      }),
    ),
  ];
  const [infos, depths] = await Promise.all([
    Promise.all(codes.map((code) => api.get("/contract/info", { code }))),
    Promise.all(
      booked.map(([, p]) => api.get("/market/depth", { code: p.code, contract_type: p.contract_type })),
    ),
  ]);
  const terms = new Map<string, { taker: Dec; min: Dec; step: Dec } | undefined>();
  codes.forEach((code, i) => {
    const info = infos[i];
    const [taker, min, step] =
      info?.status_code === 200
        ? [dec(info.data.taker_fee), dec(info.data.min_quantity), dec(info.data.quantity_step)]
        : [];
    terms.set(
      code,
      taker !== undefined && min !== undefined && step !== undefined ? { taker, min, step } : undefined,
    );
  });
  // A part below the minimum or off the step: nothing to confirm, the platform refuses it too.
  const own = chosen[0] && terms.get(chosen[0].code);
  if (asked !== undefined && own && (asked < own.min || (own.step > 0n && asked % own.step !== 0n)))
    return undefined;
  const books = new Map<string, Depth | undefined>();
  booked.forEach(([book], i) => {
    const depth = depths[i];
    books.set(book, depth?.status_code === 200 ? depth.data : undefined);
  });
  const positions = chosen.map((p): ClosingPosition => {
    const found = books.get(bookOf(p));
    const book = found && sameInstant(found.expiry, p.expiry) ? found : undefined;
    const price = (p.side === "buy" ? book?.bids[0]?.price : book?.asks[0]?.price) ?? p.mark_price;
    const quantity = one?.quantity ?? p.quantity;
    const [entry, at, size] = [dec(p.entry_price), dec(price), dec(quantity)];
    const taker = terms.get(p.code)?.taker;
    return {
      id: p.id,
      code: p.code,
      contract_type: p.contract_type,
      side: p.side,
      leverage: p.leverage,
      quantity,
      held: p.quantity,
      price,
      pnl:
        entry !== undefined && at !== undefined && size !== undefined
          ? str(previews.pnl(p.side, entry, at, size))
          : null,
      fee:
        taker !== undefined && at !== undefined && size !== undefined
          ? str(previews.fee(size, at, taker))
          : null,
    };
  });
  return { all: !one, positions };
}
