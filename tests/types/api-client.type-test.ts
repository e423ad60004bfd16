/**
 * Type-level test of the typed API client, run by `npm run typecheck` (tsc reads every .ts file):
 * each `@ts-expect-error` marks a call the platform's route definitions do not allow. Should the
 * client stop catching one (a wrong path, query or body field, or a response field that does not
 * exist), the directive is unused and tsc fails. Never executed: nothing imports this file.
 */

import type { adminApi } from "../../app/.server/admin.ts";
import type { ApiClient } from "../../app/.server/api.ts";
import type { ApiData } from "../../platform/contract/api.ts";

declare const api: ApiClient;
declare const admin: ReturnType<typeof adminApi>;

export async function typedClientChecks() {
  // What is right type-checks, and the answer has the route's response shape.
  const assets = await api.data("/account/index");
  assets.wallets.spot[0]?.balance satisfies string | undefined;
  const sent = await api.post("/wallet/withdraw", {
    coin: "USDT",
    network: "TRC20",
    address: "T...",
    amount: "10",
    payment_password: "123456",
  });
  sent.data satisfies ApiData<"POST", "/wallet/withdraw">;
  await api.get("/market/depth", { code: "btc/usdt" });
  await admin.data("/admin/me");

  // @ts-expect-error a path the platform does not have
  await api.data("/account/indexx");
  // @ts-expect-error a GET-only path called with POST
  await api.post("/account/index");
  // @ts-expect-error a query field the route does not take
  await api.get("/market/depth", { code: "btc/usdt", depth: 5 });
  // @ts-expect-error a required query field left out
  await api.get("/market/depth", {});
  await api.post("/wallet/transfer", {
    coin: "USDT",
    from: "spot",
    to: "contract",
    amount: "1",
    // @ts-expect-error a body field the route does not take
    memo: "x",
  });
  // @ts-expect-error a body field with a value the route refuses (side is buy or sell)
  await api.post("/contract/preview", { code: "btc/usdt", side: "long", quantity: "1", leverage: 10 });
  // @ts-expect-error a required body field left out (the withdrawal's address)
  await api.post("/wallet/withdraw", { coin: "USDT", network: "TRC20", amount: "10", payment_password: "1" });
  // @ts-expect-error a response field that does not exist
  assets.total_btc;
  // @ts-expect-error an answer read as another route's (assets have no `list`)
  assets.list;
  // @ts-expect-error the console's paths take the console's client only where it answers them
  await admin.data("/admin/nothing");
}
