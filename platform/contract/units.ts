import Decimal from "decimal.js";
import { pricePrecision } from "./precision.ts";

/**
 * A market's units: the book counts prices in ticks (the coin's price precision, spec §5) and
 * quantities in lots (the instrument's quantity step), as integers, so it never rounds. These
 * convert exactly; a customer's price or quantity off the grid is refused before it gets here.
 */
export type Units = { tick: Decimal; lot: Decimal };

const known = new Map<string, Units>();
const ticks = new Map<string, Decimal>();

/** A market's price tick (its coin's price precision, spec §5), made once per code. */
export function tickOf(code: string): Decimal {
  let tick = ticks.get(code);
  if (!tick) {
    tick = new Decimal(10).pow(-pricePrecision(code));
    ticks.set(code, tick);
  }
  return tick;
}

/** A market's units, made once per code and step (`pow` is among decimal.js's dearest calls). */
export function unitsOf(code: string, quantityStep: string): Units {
  const key = `${code}|${quantityStep}`;
  let units = known.get(key);
  if (!units) {
    units = Object.freeze({
      tick: tickOf(code),
      lot: new Decimal(quantityStep),
    });
    known.set(key, units);
  }
  return units;
}

/** Whole ticks, or undefined when the price is not a multiple of the tick. */
export function exactTicks(price: Decimal, units: Units): number | undefined {
  const ticks = price.div(units.tick);
  return ticks.isInteger() ? ticks.toNumber() : undefined;
}

/** A reference price on the grid, rounded away from the customer's favour (asks up, bids down). */
export function quoteTicks(price: Decimal, side: "buy" | "sell", units: Units): number {
  const ticks = price.div(units.tick);
  return (side === "sell" ? ticks.ceil() : ticks.floor()).toNumber();
}

export const lotsOf = (quantity: Decimal, units: Units) => quantity.div(units.lot).floor().toNumber();
export const priceOf = (ticks: number, units: Units) => units.tick.mul(ticks);
export const quantityOf = (lots: number, units: Units) => units.lot.mul(lots);
