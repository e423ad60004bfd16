// Transfers: a coin moved between a customer's own wallets (spot and contract), at once.
import Decimal from "decimal.js";
import type { Db } from "../db/client.ts";
import { fieldError } from "../http/errors.ts";
import { coinCode, post, transfer, type UserWallet } from "../ledger/index.ts";
import { checkScale, coinDecimals } from "./shared.ts";
import { transfers } from "./tables.ts";

const d = (value: Decimal.Value) => new Decimal(value);

/** Moves a coin between the customer's own wallets, at once. */
export async function transferBetween(
  db: Db,
  userId: number,
  input: { coin: string; from: UserWallet; to: UserWallet; amount: string },
) {
  const coin = coinCode(input.coin);
  if (input.from === input.to) throw fieldError("to", "wallet.same_wallet");
  const amount = d(input.amount);
  checkScale(amount, await coinDecimals(db, coin));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(transfers)
      .values({ userId, coin, fromWallet: input.from, toWallet: input.to, amount: amount.toFixed() })
      .returning();
    await post(
      tx,
      {
        kind: "transfer",
        ref: { type: "transfer", id: row?.id ?? 0 },
        postings: transfer(
          { user: userId, wallet: input.from },
          { user: userId, wallet: input.to },
          coin,
          amount,
        ),
      },
      { insufficientKey: "wallet.insufficient" },
    );
    return row;
  });
}
