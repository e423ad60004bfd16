import type { Lang } from "../../platform/contract/languages.ts";
import { ops } from "./ops.ts";
import { literally, say, sayPattern } from "./say.ts";
import {
  type APIRequestContext,
  codeFor,
  expect,
  PASSWORD,
  type Page,
  registerByEmail,
  speak,
  test,
  uniqueEmail,
} from "./support.ts";

// The five busiest journeys on a cheap phone (issue 19): the CPU six times slower and Chrome's
// "Slow 3G" profile (2 s per round trip, 50 kB/s each way), from a fresh account, with JavaScript
// on and off. Each runs in a language of its own: the js project walks them in five languages
// and the nojs project in the other five, so the ten are all walked on a slow phone. What each
// journey ends on is checked twice: on the screen, and in the platform's state through the API.

test.describe.configure({ timeout: 240_000 });
test.use({ serviceWorkers: "block" });
// Every wait is a phone's wait: a page on Slow 3G takes seconds to come.
const slow = expect.configure({ timeout: 45_000 });

const LANGS: Record<string, Lang[]> = {
  js: ["zh", "ja", "ru", "es", "kr"],
  nojs: ["tw", "vn", "id", "pt", "en"],
};

/** Chrome DevTools' "Slow 3G" and a CPU six times slower, for this page from now on. */
async function cheapPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 2_000,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
}

/** The customer's balances as the platform holds them (through the API, not the screen). */
async function balances(request: APIRequestContext, email: string) {
  const login = await request.post("/api/login", { data: { account: email, password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  const res = await request.get("/api/account/index", { headers: { authorization: `Bearer ${token}` } });
  const data = (await res.json()).data as {
    wallets: Record<"spot" | "contract", { code: string; balance: string; frost: string }[]>;
  };
  const of = (wallet: "spot" | "contract", coin: string) =>
    Number(data.wallets[wallet].find((a) => a.code === coin)?.balance ?? 0);
  return { of, token };
}

/** A fresh account (signed in, in English), credited by the operator, in `lang` from then on. */
async function customer(page: Page, lang: Lang, usdt = "1000") {
  const email = await registerByEmail(page);
  expect(ops("deposit", "--account", email, "--coin", "USDT", "--amount", usdt)).toMatch(/credited/);
  await speak(page.context(), lang);
  return email;
}

const journey = (index: number, title: string, walk: (page: Page, lang: Lang) => Promise<void>) =>
  test(title, async ({ page }, info) => {
    const lang = ((LANGS[info.project.name] ?? LANGS.js) as Lang[])[index] as Lang;
    test.info().annotations.push({ type: "language", description: lang });
    await walk(page, lang);
    expect(ops("audit")).toMatch(/Ledger audit passed/);
  });

journey(0, "signs up by e-mail on a slow phone and gets demo funds", async (page, lang) => {
  const t = say(lang);
  await speak(page.context(), lang);
  await cheapPhone(page);
  const email = uniqueEmail("cheap");
  await page.goto("/resgister");
  await page.getByLabel(t("auth.email"), { exact: true }).fill(email);
  await page.getByLabel(literally(t("auth.agree_prefix"))).check();
  await page.getByRole("button", { name: t("auth.get_code") }).click();
  await slow(page).toHaveURL(/\/code$/);
  await page.getByLabel(t("auth.code"), { exact: true }).fill(await codeFor(page.request, email));
  await page.getByRole("button", { name: t("auth.next") }).click();
  await slow(page).toHaveURL(/\/register2$/);
  await page.getByLabel(t("auth.password"), { exact: true }).fill(PASSWORD);
  await page.getByLabel(t("auth.password_confirm"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: t("auth.create_account") }).click();
  await slow(page).toHaveURL(/\/resgistersuccess/);

  await page.goto("/asset");
  const faucet = page.getByRole("region", { name: t("wallet.faucet.title") });
  await faucet.getByRole("button").click();
  await slow(page.getByRole("status")).toHaveText(t("messages.wallet.faucet_claimed"));
  await slow(page).toHaveURL(/\/asset\?wallet=spot$/);
  const { of } = await balances(page.request, email);
  expect(of("spot", "USDT")).toBe(10_000);
});

journey(
  1,
  "opens a leveraged long at the market and closes it, each after its confirmation",
  async (page, lang) => {
    const t = say(lang);
    const like = sayPattern(lang);
    const email = await customer(page, lang, "1000");
    const { token } = await balances(page.request, email);
    const moved = await page.request.post("/api/wallet/transfer", {
      headers: { authorization: `Bearer ${token}` },
      data: { coin: "USDT", from: "spot", to: "contract", amount: "1000" },
    });
    expect((await moved.json()).status_code).toBe(200);
    await cheapPhone(page);
    await page.goto("/tradeing?code=btc/usdt");
    await page.getByLabel(t("trade.leverage"), { exact: true }).selectOption("10");
    await page.getByLabel(t("trade.quantity_label", { coin: "BTC" }), { exact: true }).fill("0.01");
    await page.getByRole("button", { name: t("trade.buy_long") }).click();
    const sheet = page.getByRole("dialog", { name: t("trade.confirm_title") });
    await slow(sheet).toContainText("10x");
    await sheet.getByRole("button", { name: t("trade.confirm"), exact: true }).click();
    await slow(page.getByRole("status")).toHaveText(t("messages.trading.order_placed"));
    const card = page.getByRole("listitem", {
      name: like("trade.position_of", { id: /\d+/, pair: "BTC/USDT" }),
    });
    await slow(card).toBeVisible();

    await card
      .getByRole("button", { name: like("trade.close_position_of", { id: /\d+/, pair: "BTC/USDT" }) })
      .click();
    const close = page.getByRole("dialog", { name: t("trade.confirm_close") });
    await close.getByRole("button", { name: t("trade.close"), exact: true }).click();
    await slow(page.getByRole("status")).toHaveText(t("messages.trading.position_closed"));
    await slow(page.getByText(t("trade.no_positions"))).toBeVisible();

    // The platform: nothing open, the margin back less the fees and the (small) PnL.
    const positions = await page.request.get("/api/contract/positions", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await positions.json()).data).toEqual([]);
    const left = (await balances(page.request, email)).of("contract", "USDT");
    expect(left).toBeLessThan(1000);
    expect(left).toBeGreaterThan(950);
  },
);

journey(2, "buys a coin on the spot market", async (page, lang) => {
  const t = say(lang);
  const email = await customer(page, lang, "1000");
  await cheapPhone(page);
  await page.goto("/tradeing?code=eth/usdt");
  await page.getByRole("link", { name: t("trade.modes.spot"), exact: true }).click();
  const buy = page.getByRole("button", { name: t("trade.buy_coin", { coin: "ETH" }) });
  await slow(buy).toBeVisible();
  await page.getByLabel(t("trade.quantity_label", { coin: "ETH" }), { exact: true }).fill("0.01");
  await buy.click();
  const sheet = page.getByRole("dialog", { name: t("trade.confirm_title") });
  await sheet.getByRole("button", { name: t("trade.confirm"), exact: true }).click();
  await slow(page.getByRole("status")).toHaveText(t("messages.trading.order_placed"));
  const { of } = await balances(page.request, email);
  // 0.01 ETH bought, less the 0.1 % spot fee, paid in the coin received.
  expect(of("spot", "ETH")).toBe(0.00999);
  expect(of("spot", "USDT")).toBeLessThan(1000);
});

journey(3, "moves money to the contract wallet and converts USDT to BTC", async (page, lang) => {
  const t = say(lang);
  const email = await customer(page, lang, "1000");
  await cheapPhone(page);
  await page.goto("/transfer");
  await page.getByLabel(t("wallet.amount_coin", { coin: "USDT" }), { exact: true }).fill("250");
  await page.getByRole("button", { name: t("wallet.transfer_submit"), exact: true }).click();
  await slow(page.getByRole("status")).toHaveText(t("messages.wallet.transferred"));
  await slow(page).toHaveURL(/\/asset\?wallet=contract$/);

  await page.goto("/exchange");
  await page.getByLabel(t("wallet.amount"), { exact: true }).fill("100");
  await page.getByRole("button", { name: t("wallet.get_quote") }).click();
  const quote = page.getByRole("region", { name: t("wallet.quote_title") });
  await quote.getByRole("button", { name: t("wallet.convert"), exact: true }).click();
  await slow(page.getByRole("status")).toHaveText(t("messages.wallet.exchanged"));
  const { of } = await balances(page.request, email);
  expect(of("contract", "USDT")).toBe(250);
  expect(of("spot", "USDT")).toBe(650);
  expect(of("spot", "BTC")).toBeGreaterThan(0);
});

journey(4, "joins a mining pool and finds it in the records", async (page, lang) => {
  const t = say(lang);
  const email = await customer(page, lang, "1000");
  const pools = await page.request.get("/api/user/mining?type=mining");
  const pool = ((await pools.json()).data as { id: number; coin: string }[]).find((p) => p.coin === "USDT");
  expect(pool).toBeDefined();
  await cheapPhone(page);
  await page.goto(`/mining?id=${pool?.id}`);
  await page.getByLabel(t("earn.amount_coin", { coin: "USDT" }), { exact: true }).fill("500");
  await page.getByRole("button", { name: t("earn.join_confirm") }).click();
  await slow(page.getByRole("status")).toHaveText(t("messages.earn.joined"));
  await slow(page).toHaveURL(/\/mininglist$/);
  await slow(page.getByText(t("earn.states.participating")).first()).toBeVisible();
  expect((await balances(page.request, email)).of("spot", "USDT")).toBe(500);
});
