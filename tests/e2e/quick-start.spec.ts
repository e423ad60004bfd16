import { numbers } from "../../platform/contract/numbers.ts";
import { primaryVerifiedFromWithdraw } from "./kyc.ts";
import { ops } from "./ops.ts";
import { literally, sayPattern } from "./say.ts";
import {
  type APIRequestContext,
  codeFor,
  expect,
  PASSWORD,
  type Page,
  registerByEmail,
  test,
  uniquePhone,
} from "./support.ts";

// Issue 19's "done when": a person following the README's "Try it as a customer" can register,
// fund, trade, earn, bind a phone and withdraw without reading further. One customer, from a fresh
// account, walks its six steps in order, moving between screens by the taps the README names
// (tab bar, Assets' shortcuts, Mine's menu, the withdrawal screen's own links), with JavaScript on
// and off. Only what the README does in a terminal (`npm run ops -- kyc approve`, `withdrawal
// approve`) is done by the CLI. It ends on the platform's own state and the ledger audit.

const FUND = "Fund2026ok";

/** The customer's balances and open positions as the platform holds them (the API, not the screen). */
async function platformState(request: APIRequestContext, email: string) {
  const login = await request.post("/api/login", { data: { account: email, password: PASSWORD } });
  const authorization = `Bearer ${(await login.json()).data.token as string}`;
  const account = await request.get("/api/account/index", { headers: { authorization } });
  const wallets = (await account.json()).data.wallets as Record<
    "spot" | "contract",
    { code: string; balance: string; frost: string }[]
  >;
  const positions = await request.get("/api/contract/positions", { headers: { authorization } });
  const of = (wallet: "spot" | "contract", coin: string) =>
    Number(wallets[wallet].find((a) => a.code === coin)?.balance ?? 0);
  return { of, positions: (await positions.json()).data as unknown[] };
}

const tab = (page: Page, name: string, label: string) =>
  page.getByRole("navigation", { name: label }).getByRole("link", { name, exact: true });

test("the README's try-out: sign up, demo funds, a trade, a pool, a bound phone and a withdrawal", async ({
  page,
  lang,
  t,
}, info) => {
  test.setTimeout(240_000);
  const n = numbers(lang);
  const like = sayPattern(lang);
  const tabs = t("common.tabs.label");

  // 1. Sign up with an e-mail address (the code read from the local outbox).
  const email = await registerByEmail(page);

  // 2. Fund: Assets → Demo funds → "Get 10000 test USDT".
  await page.goto("/");
  await tab(page, t("common.tabs.assets"), tabs).click();
  await expect(page).toHaveURL(/\/asset/);
  const faucet = page.getByRole("region", { name: t("wallet.faucet.title") });
  await faucet
    .getByRole("button", { name: t("wallet.faucet.claim", { grant: n.amount("10000", 0), coin: "USDT" }) })
    .click();
  await expect(page.getByRole("status")).toHaveText(t("messages.wallet.faucet_claimed"));
  await expect(page.getByTestId("total-usdt")).toHaveText(`${n.usdt("10000")} USDT`);

  // 3. Trade: move USDT to the contract account (Assets → Transfer), a leveraged long at the market,
  //    then a spot buy, each after its confirmation.
  await page
    .getByRole("navigation", { name: t("wallet.shortcuts") })
    .getByRole("link", { name: t("wallet.actions.transfer"), exact: true })
    .click();
  await expect(page).toHaveURL(/\/transfer/);
  await page.getByLabel(t("wallet.amount_coin", { coin: "USDT" }), { exact: true }).fill("1000");
  await page.getByRole("button", { name: t("wallet.transfer_submit"), exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.wallet.transferred"));

  await tab(page, t("common.tabs.trades"), tabs).click();
  await expect(page).toHaveURL(/\/tradeing/);
  await page.getByLabel(t("trade.leverage"), { exact: true }).selectOption("10");
  await page.getByLabel(t("trade.quantity_label", { coin: "BTC" }), { exact: true }).fill("0.01");
  await page.getByRole("button", { name: t("trade.buy_long") }).click();
  const sheet = page.getByRole("dialog", { name: t("trade.confirm_title") });
  await expect(sheet).toContainText("10x");
  await sheet.getByRole("button", { name: t("trade.confirm"), exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.trading.order_placed"));
  await expect(
    page.getByRole("listitem", { name: like("trade.position_of", { id: /\d+/, pair: "BTC/USDT" }) }),
  ).toBeVisible();

  await page.getByRole("link", { name: t("trade.modes.spot"), exact: true }).click();
  const buy = page.getByRole("button", { name: t("trade.buy_coin", { coin: "BTC" }) });
  await expect(buy).toBeVisible();
  await page.getByLabel(t("trade.quantity_label", { coin: "BTC" }), { exact: true }).fill("0.001");
  await buy.click();
  await sheet.getByRole("button", { name: t("trade.confirm"), exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.trading.order_placed"));

  // 4. Earn: Staking → a pool → Join.
  await tab(page, t("common.tabs.staking"), tabs).click();
  await expect(page).toHaveURL(/\/coinlist$/);
  const poolName = t("earn.products.usdt_mining");
  await page
    .getByRole("article", { name: poolName })
    .getByRole("link", { name: t("earn.join_name", { name: poolName }) })
    .click();
  await page.getByLabel(t("earn.amount_coin", { coin: "USDT" }), { exact: true }).fill("500");
  await page.getByRole("button", { name: t("earn.join_confirm") }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.earn.joined"));
  // The records it lands on are a sub-screen: Back leads to the tab bar.
  await page
    .getByRole("banner")
    .getByRole("link", { name: t("common.actions.back") })
    .click();
  await expect(page).toHaveURL(/\/coinlist$/);

  // 5. Bind a phone: Mine → Security → Mobile number → Send code → Save.
  await tab(page, t("common.tabs.mine"), tabs).click();
  await expect(page).toHaveURL(/\/center$/);
  await page.getByRole("link", { name: t("account.menu.security") }).click();
  await page.getByRole("link", { name: literally(t("security.row_phone"), true) }).click();
  await expect(page.getByRole("heading", { name: t("security.phone_bind_heading") })).toBeVisible();
  // The dial code: searched by its digits, as on a phone's keypad.
  await page.getByRole("link", { name: /\+\d+/ }).first().click();
  await page.getByRole("searchbox").fill("65");
  await page.getByRole("searchbox").press("Enter");
  await page.getByRole("link", { name: /\+65$/ }).click();
  const phone = uniquePhone();
  // Typed with a space before and after, as a thumb does: trimmed, not refused.
  await page.getByLabel(t("security.new_phone"), { exact: true }).fill(` ${phone} `);
  await page.getByRole("button", { name: t("security.send_code") }).click();
  await expect(page.getByText(t("messages.identity.code_sent"))).toBeVisible();
  await page.getByLabel(t("security.code"), { exact: true }).fill(await codeFor(page.request, `+65${phone}`));
  await page.getByRole("button", { name: t("security.save"), exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.security.phone_bound"));

  // 6. Withdraw: Assets → Withdraw says what is still missing, with a link to each.
  await tab(page, t("common.tabs.assets"), tabs).click();
  await page
    .getByRole("navigation", { name: t("wallet.shortcuts") })
    .getByRole("link", { name: t("wallet.actions.withdraw"), exact: true })
    .click();
  await expect(page.getByRole("alert")).toHaveText(t("messages.wallet.primary_kyc_first"));
  // Sent from "Verify your identity"; the operator, in a second terminal, runs `npm run ops --
  // kyc list`, then `kyc approve ID`.
  await primaryVerifiedFromWithdraw(
    page,
    t,
    email,
    `Q${Date.now().toString().slice(-7)}${info.project.name === "js" ? "J" : "N"}`,
  );

  await page.goto("/withdraw");
  await expect(page.getByRole("alert")).toHaveText(t("messages.wallet.fund_password_first"));
  await page.getByRole("link", { name: t("wallet.fix.fund") }).click();
  await page.getByLabel(t("security.fund_new"), { exact: true }).fill(FUND);
  await page.getByLabel(t("security.fund_confirm"), { exact: true }).fill(FUND);
  await page.getByRole("button", { name: t("security.fund_set_submit") }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.security.fund_password_set"));

  // "Any valid address works, e.g. your own deposit address from Assets → Deposit."
  await page.goto("/recharge");
  const target = (await page.getByTestId("deposit-address").innerText()).trim();
  await page.goto("/withdraw");
  await page.getByLabel(t("wallet.address", { network: "TRC20" }), { exact: true }).fill(target);
  await page.getByLabel(t("wallet.amount_coin", { coin: "USDT" }), { exact: true }).fill("100");
  await page.getByLabel(t("wallet.fund_password"), { exact: true }).fill(FUND);
  await page.getByRole("button", { name: t("wallet.withdraw_submit"), exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.wallet.withdraw_submitted"));
  await expect(page.getByTestId("record-status")).toHaveText(t("wallet.status_names.pending"));
  const id = /withdrawal(?::|%3A)(\d+)/.exec(page.url())?.[1] ?? "";
  // The operator: `npm run ops -- withdrawal approve ID`.
  expect(ops("withdrawal", "approve", id, "--txid", `0xquick${id}`)).toMatch(/approved/);
  await page.reload();
  await expect(page.getByTestId("record-status")).toHaveText(t("wallet.status_names.success"));

  // The platform: 10,000 in; 1,000 to the contract account (the long's margin and fee out of it);
  // a spot buy of 0.001 BTC (less its 0.1 % fee in BTC); 500 in the pool; 100 withdrawn.
  const state = await platformState(page.request, email);
  expect(state.positions).toHaveLength(1);
  expect(state.of("spot", "BTC")).toBe(0.000999);
  const spotUsdt = state.of("spot", "USDT");
  expect(spotUsdt).toBeLessThan(10_000 - 1_000 - 500 - 100);
  // 0.001 BTC costs about 100 USDT at the simulated price; far less than 1,000 either way.
  expect(spotUsdt).toBeGreaterThan(10_000 - 1_000 - 500 - 100 - 1_000);
  expect(state.of("contract", "USDT")).toBeLessThan(1_000);
  expect(ops("audit")).toMatch(/Ledger audit passed/);
});
