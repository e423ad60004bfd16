import { and, asc, count, eq } from "drizzle-orm";
import { canonicalAddress, coinHasNetwork, validateAddress } from "../contract/addresses.ts";
import type { PaymentMethodView, WithdrawalAddressView } from "../contract/security.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { requireGoogle, verifyFundPassword } from "./security.ts";
import { paymentMethods, userSecurity, withdrawalAddresses } from "./tables.ts";

/** At most this many saved addresses, and payment methods, per user. */
export const ADDRESS_LIMIT = 50;
export const PAYMENT_METHOD_LIMIT = 20;

const addressView = (r: typeof withdrawalAddresses.$inferSelect): WithdrawalAddressView => ({
  id: r.id,
  coin: r.coin,
  network: r.network,
  address: r.address,
  remark: r.remark,
  created_at: r.createdAt.toISOString(),
});

/** The user's saved withdrawal addresses (of one coin, if given), oldest first. */
export async function listAddresses(db: Db, userId: number, coin?: string) {
  const rows = await db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.userId, userId), coin ? eq(withdrawalAddresses.coin, coin) : undefined))
    .orderBy(asc(withdrawalAddresses.coin), asc(withdrawalAddresses.id));
  return rows.map(addressView);
}

/** One of the user's saved addresses (another user's id is simply not found). */
export async function findAddress(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)))
    .limit(1);
  return row ? addressView(row) : undefined;
}

/**
 * Checks what adding money destinations needs: a fund password set (spec: "set the fund
 * password first") and right, and the Google code when bound. Checked before anything changes.
 */
export async function requireFundPassword(
  db: Db,
  userId: number,
  input: { fundPassword: string; googleCode?: string },
) {
  const [security] = await db
    .select({ hash: userSecurity.fundPasswordHash })
    .from(userSecurity)
    .where(eq(userSecurity.userId, userId))
    .limit(1);
  if (!security?.hash) throw new ApiError(403, "security.fund_password_first");
  if (!(await verifyFundPassword(db, userId, input.fundPassword))) {
    throw fieldError("payment_password", "security.fund_password_wrong");
  }
  await requireGoogle(db, userId, input.googleCode);
}

export async function addAddress(
  db: Db,
  userId: number,
  input: {
    coin: string;
    network: string;
    address: string;
    remark?: string;
    fundPassword: string;
    googleCode?: string;
  },
) {
  if (!coinHasNetwork(input.coin, input.network)) throw fieldError("network", "security.network_invalid");
  if (!validateAddress(input.network, input.address)) throw fieldError("address", "security.address_invalid");
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.userId, userId));
  if (total >= ADDRESS_LIMIT) throw fieldError("address", "security.address_limit");
  // One address however it is spelt; also against addresses saved before they were kept so.
  const address = canonicalAddress(input.network, input.address);
  const saved = await listAddresses(db, userId, input.coin);
  if (saved.some((a) => a.network === input.network && canonicalAddress(a.network, a.address) === address))
    throw fieldError("address", "security.address_exists");
  await requireFundPassword(db, userId, input);
  const [row] = await db
    .insert(withdrawalAddresses)
    .values({
      userId,
      coin: input.coin,
      network: input.network,
      address,
      remark: input.remark ?? "",
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw fieldError("address", "security.address_exists");
  return addressView(row);
}

export async function deleteAddress(db: Db, userId: number, id: number) {
  const deleted = await db
    .delete(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)))
    .returning({ id: withdrawalAddresses.id });
  if (deleted.length === 0) throw fieldError("id", "errors.not_found");
}

// ── Payment methods (fiat: bank cards and e-wallets) ────────────────────────────────────────────

const maskAccount = (account: string) => (account.length <= 4 ? account : `****${account.slice(-4)}`);

const methodView = (r: typeof paymentMethods.$inferSelect): PaymentMethodView => ({
  id: r.id,
  kind: r.kind,
  holder: r.holder,
  provider: r.provider,
  account: maskAccount(r.account),
  branch: r.branch,
  created_at: r.createdAt.toISOString(),
});

export async function listPaymentMethods(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(asc(paymentMethods.id));
  return rows.map(methodView);
}

export async function addPaymentMethod(
  db: Db,
  userId: number,
  input: {
    kind: "bank" | "ewallet";
    holder: string;
    provider: string;
    account: string;
    branch?: string;
    fundPassword: string;
    googleCode?: string;
  },
) {
  const existing = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
  if (existing.length >= PAYMENT_METHOD_LIMIT) throw fieldError("account", "security.payment_method_limit");
  if (
    existing.some(
      (m) => m.kind === input.kind && m.provider === input.provider && m.account === input.account,
    )
  ) {
    throw fieldError("account", "security.payment_method_exists");
  }
  await requireFundPassword(db, userId, input);
  const [row] = await db
    .insert(paymentMethods)
    .values({
      userId,
      kind: input.kind,
      holder: input.holder,
      provider: input.provider,
      account: input.account,
      branch: input.branch ?? "",
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return methodView(row);
}

export async function deletePaymentMethod(db: Db, userId: number, id: number) {
  const deleted = await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning({ id: paymentMethods.id });
  if (deleted.length === 0) throw fieldError("id", "errors.not_found");
}
