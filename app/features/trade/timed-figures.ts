import { ceilTo, type Dec, dec, floorTo, mul, str } from "../../../platform/contract/decimal.ts";
import type { OptionProduct } from "../../../platform/contract/timed.ts";

const CENT = dec("0.01") as Dec;

/**
 * A bet's figures before it is placed, by the platform's rules (platform/options/service.ts):
 * the fee is the amount × fee rate rounded up to the cent and is never refunded; a win pays the
 * amount × (1 + odds) rounded down to the cent; a loss keeps the stake; a level gives it back.
 */
export function betFigures(product: OptionProduct, amount: string) {
  const a = dec(amount);
  if (a === undefined || a <= 0n) return undefined;
  const fee = ceilTo(mul(a, dec(product.fee_rate) ?? 0n), 2);
  const payout = floorTo(a + mul(a, dec(product.odds) ?? 0n), CENT);
  return {
    fee: str(fee),
    /** Paid from the spot wallet when the bet is placed. */
    cost: str(a + fee),
    payout: str(payout),
    /** Net of the stake and the fee. */
    profit: str(payout - a - fee),
    loss: str(-(a + fee)),
  };
}
