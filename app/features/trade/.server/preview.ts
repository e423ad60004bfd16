import { createCookie } from "react-router";
import type { Assets } from "../../../../platform/contract/wallet.ts";
import type { ApiClient } from "../../../.server/api.ts";
import type { Mode } from "../state.ts";
import type { OrderPreview, ReviewedOrder } from "../types.ts";

/**
 * The trade screen's own preference: whether orders ask for confirmation ("don't ask again"
 * turns it off). Kept a year in a cookie, as exchanges do; nothing on the server.
 */
export const tradePrefsCookie = createCookie("tradeprefs", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function confirmsOrders(request: Request): Promise<boolean> {
  const raw = (await tradePrefsCookie.parse(request.headers.get("Cookie"))) as { confirm?: boolean } | null;
  return raw?.confirm !== false;
}

export const setConfirm = (confirm: boolean) => tradePrefsCookie.serialize({ confirm });

/** What the order form can spend: the contract wallet's USDT, or the spot wallet's USDT and base coin. */
export function balancesFor(assets: Assets | undefined, mode: Mode, base: string) {
  if (!assets) return undefined;
  const wallet = mode === "contract" ? assets.wallets.contract : assets.wallets.spot;
  const find = (coin: string) => wallet.find((a) => a.code.toUpperCase() === coin)?.balance ?? "0";
  return { usdt: find("USDT"), base: find(base.toUpperCase()) };
}

/**
 * The figures of the confirmation, from the platform's own previews: the price the engine
 * expects the order to trade at (the average over the levels it would take), its fee, and for a
 * contract its margin and liquidation price.
 */
export async function previewOrder(
  api: ApiClient,
  order: ReviewedOrder,
  balances: { usdt: string; base: string } | undefined,
): Promise<
  { ok: true; preview: OrderPreview } | { ok: false; message: string; errors?: Record<string, string[]> }
> {
  const base = order.code.split("/")[0]?.toUpperCase() ?? "";
  if (order.mode === "contract") {
    const result = await api.post("/contract/preview", {
      code: order.code,
      contract_type: order.contract_type,
      type: order.type,
      side: order.side,
      quantity: order.quantity,
      leverage: order.leverage,
      price: order.price,
      take_profit: order.take_profit,
      stop_loss: order.stop_loss,
    });
    if (result.status_code !== 200) return { ok: false, message: result.message, errors: result.errors };
    return {
      ok: true,
      preview: { ...result.data, fee_coin: "USDT", available: balances?.usdt, available_coin: "USDT" },
    };
  }
  const result = await api.post("/spot/preview", {
    code: order.code,
    type: order.type,
    side: order.side,
    quantity: order.quantity,
    price: order.price,
  });
  if (result.status_code !== 200) return { ok: false, message: result.message, errors: result.errors };
  const buying = order.side === "buy";
  return {
    ok: true,
    preview: {
      ...result.data,
      available: buying ? balances?.usdt : balances?.base,
      available_coin: buying ? "USDT" : base,
    },
  };
}
