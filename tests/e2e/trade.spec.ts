import { ops } from "./ops.ts";
import { expect, PASSWORD, type Page, registerByEmail, test, untilBooted } from "./support.ts";

// The Trades tab (/tradeing), with JavaScript on and off: leveraged contracts from the contract
// wallet, limit orders, close-all and cancel-all, the records, and the log-in prompt for visitors.

test.describe.configure({ timeout: 120_000 });

const price = (text: string | null) => Number((text ?? "").replace(/[^\d.-]/g, ""));

/**
 * A new account (signed in) with `contract` USDT in its contract wallet and `spot` USDT left in
 * its spot wallet: an operator deposit, then a transfer through the API.
 */
async function trader(page: Page, contract = "5000", spot = "0") {
  const email = await registerByEmail(page);
  const total = String(Number(contract) + Number(spot));
  expect(ops("deposit", "--account", email, "--coin", "USDT", "--amount", total)).toMatch(/credited/);
  const login = await page.request.post("/api/login", { data: { account: email, password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  const moved = await page.request.post("/api/wallet/transfer", {
    headers: { authorization: `Bearer ${token}` },
    data: { coin: "USDT", from: "spot", to: "contract", amount: contract },
  });
  expect((await moved.json()).message).toBe("Transfer complete");
  return email;
}

const position = (page: Page, pair: string) =>
  page.getByRole("listitem", { name: new RegExp(`^Position \\d+: ${pair}$`) });

async function confirm(
  page: Page,
  check: (sheet: ReturnType<Page["getByRole"]>) => Promise<void> = async () => {},
) {
  const sheet = page.getByRole("dialog", { name: "Confirm order" });
  await expect(sheet).toBeVisible();
  await check(sheet);
  await sheet.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toHaveText("Order placed");
}

/** The close confirmation (issue 17): a sheet with JavaScript, the confirmation page without. */
async function confirmClose(
  page: Page,
  title: "Close this position?" | "Close all positions?",
  done: string | RegExp,
  check: (sheet: ReturnType<Page["getByRole"]>) => Promise<void> = async () => {},
) {
  const sheet = page.getByRole("dialog", { name: title });
  await expect(sheet).toBeVisible();
  await check(sheet);
  await sheet.getByRole("button", { name: title === "Close all positions?" ? "Close all" : "Close" }).click();
  await expect(page.getByRole("status")).toHaveText(done);
}

test("a visitor sees the market, and Buy asks to continue to log in", async ({ page }) => {
  await page.goto("/tradeing?code=eth/usdt");
  await expect(page.getByText("ETH/USDT", { exact: true })).toBeVisible();
  expect(price(await page.getByTestId("last-price").textContent())).toBeGreaterThan(100);
  await expect(page.getByRole("table", { name: "Sell orders" }).getByRole("row")).toHaveCount(7);
  await expect(page.getByRole("table", { name: "Buy orders" }).getByRole("row")).toHaveCount(7);
  await expect(page.getByRole("link", { name: "Open the full chart of ETH/USDT" })).toHaveAttribute(
    "href",
    /\/linegraph\?code=eth%2Fusdt/,
  );
  await page.getByRole("button", { name: "Buy / Long" }).click();
  const prompt = page.getByRole("alertdialog", { name: "Continue to log in?" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("link", { name: "Cancel" }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole("button", { name: "Sell / Short" }).click();
  await page
    .getByRole("alertdialog", { name: "Continue to log in?" })
    .getByRole("link", { name: "Log in" })
    .click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftradeing%3Fcode%3Deth%252Fusdt/);
});

// Issue 19, defect 2: with JavaScript, the quantity typed before the page's script ran was erased
// when it did, and choosing a leverage reloaded the form, cleared it and said "Quantity cannot be
// empty". A cheap phone (CPU 6× slower) makes the time before the script runs long.
test("nothing typed is lost: not when the page's script starts, nor by choosing a leverage", async ({
  page,
  browser,
}, info) => {
  await trader(page);
  // A first visit from a phone of its own: no service worker has the scripts yet, and the
  // fixture's page would wait for them before typing.
  const own = await browser.newContext({
    storageState: await page.context().storageState(),
    serviceWorkers: "block",
  });
  const phone = await own.newPage();
  const js = info.project.name === "js";
  if (js) {
    const cdp = await own.newCDPSession(phone);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  }
  // A slow network too: the page's scripts arrive only once the customer has typed.
  let arrive = () => {};
  const typed = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await phone.route(/\/assets\/.+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await phone.goto("/tradeing?code=btc/usdt&type=limit", { waitUntil: "commit" });
  await phone.getByLabel("Price (USDT)").fill("60000");
  await phone.getByLabel("Quantity (BTC)").fill("0.01");
  expect(await phone.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  arrive();
  await untilBooted(phone);
  await expect(phone.getByLabel("Price (USDT)")).toHaveValue("60000");
  await expect(phone.getByLabel("Quantity (BTC)")).toHaveValue("0.01");
  // The figures follow what was typed: the script has it, not only the field on screen.
  if (js) await expect(phone.getByTestId("margin")).toHaveText("60.00");
  const url = phone.url();
  // A tap on the leverage picker leaves the quantity field, as on a phone.
  await phone.getByLabel("Leverage").focus();
  await phone.getByLabel("Leverage").selectOption("20");
  await phone.locator("summary", { hasText: "Take-profit / stop-loss" }).click();
  await phone.getByLabel("Take-profit").fill("90000");
  await phone.getByLabel("Leverage").selectOption("25");
  await expect(phone.getByLabel("Quantity (BTC)")).toHaveValue("0.01");
  await expect(phone.getByLabel("Price (USDT)")).toHaveValue("60000");
  await expect(phone.getByLabel("Leverage")).toHaveValue("25");
  if (js) await expect(phone.getByTestId("margin")).toHaveText("24.00");
  await expect(phone.getByText("Quantity cannot be empty")).toHaveCount(0);
  expect(phone.url()).toBe(url);
  await phone.getByRole("button", { name: "Buy / Long" }).click();
  const sheet = phone.getByRole("dialog", { name: "Confirm order" });
  // A phone 6× slower takes its time to post and draw the sheet.
  await expect(sheet).toBeVisible({ timeout: 30_000 });
  await expect(sheet).toContainText("25x");
  await expect(sheet).toContainText("0.01");
  await expect(sheet).toContainText("60,000.00");
  await expect(sheet).toContainText("90,000.00");
  await own.close();
});

// Seen as a flake of the journey below: a tap on Buy that the server reviews (here a quantity
// under the minimum, which only the platform knows) answered while the customer was already
// correcting the quantity, and the answer put the old quantity back: a slow phone's customer then
// confirmed an order they had not typed.
test("what is typed while the server reviews an order survives its answer", async ({ page }, info) => {
  test.skip(info.project.name === "nojs", "without JavaScript the answer is a new page, typed after nothing");
  await trader(page);
  await page.goto("/tradeing?code=btc/usdt");
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/tradeing\.data/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByLabel("Quantity (BTC)").fill("0.00001");
  const reviewed = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/tradeing.data"));
  await page.getByRole("button", { name: "Buy / Long" }).click();
  await reviewed;
  await page.getByLabel("Quantity (BTC)").fill("0.01");
  await page.getByLabel("Leverage").selectOption("20");
  release();
  await expect(page.getByText("The minimum quantity is 0.0001")).toBeVisible();
  await expect(page.getByLabel("Quantity (BTC)")).toHaveValue("0.01");
  await expect(page.getByLabel("Leverage")).toHaveValue("20");
  await expect(page.getByTestId("margin")).not.toHaveText("-");
  await page.unroute(/\/tradeing\.data/);
  await page.getByRole("button", { name: "Buy / Long" }).click();
  await confirm(page, async (sheet) => {
    await expect(sheet).toContainText("0.01");
    await expect(sheet).toContainText("20x");
  });
});

test("a leveraged long: the PnL moves, TP/SL set, closed in two parts, then in the records", async ({
  page,
}, info) => {
  await trader(page);
  await page.goto("/tradeing?code=btc/usdt");
  await expect(page.getByTestId("available")).toHaveText("5,000.00 USDT");

  // Each required field has its own message.
  await page.getByRole("button", { name: "Buy / Long" }).click();
  await expect(page.getByText("Quantity cannot be empty")).toBeVisible();
  await expect(page.getByLabel("Quantity (BTC)")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Leverage").selectOption("20");
  await page.getByLabel("Quantity (BTC)").fill("0.01");
  if (info.project.name === "js") await expect(page.getByTestId("margin")).not.toHaveText("-");
  await page.getByRole("button", { name: "Buy / Long" }).click();
  await confirm(page, async (sheet) => {
    await expect(sheet).toContainText("Open long");
    await expect(sheet).toContainText("20x");
    await expect(sheet).toContainText("Liq. price");
  });
  const card = position(page, "BTC/USDT");
  await expect(card).toContainText("Long 20x");
  await expect(page.getByRole("link", { name: "Positions (1)" })).toBeVisible();

  // The PnL follows the mark price: live with JavaScript, on reload without.
  const pnl = card.getByTestId("pnl");
  const first = await pnl.textContent();
  await expect
    .poll(
      async () => {
        if (info.project.name === "nojs") await page.reload();
        return pnl.textContent();
      },
      { timeout: 30_000, intervals: [1500] },
    )
    .not.toBe(first);

  // TP/SL, far from the price so that they do not trigger during the test; a wrong one is refused.
  const entry = price(await card.getByTestId("entry-price").textContent());
  const tp = Math.round(entry * 2);
  const sl = Math.round(entry / 2);
  await card.locator("summary", { hasText: "TP / SL" }).click();
  await card.getByLabel("Take-profit").fill(String(Math.round(entry / 3)));
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByText("Take-profit must be above the current price for a long")).toBeVisible();
  await card.getByLabel("Take-profit").fill(String(tp));
  await card.getByLabel("Stop-loss").fill(String(sl));
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Take-profit and stop-loss saved");
  const money = (n: number) => `${n.toLocaleString("en-US")}.00`;
  await expect(card).toContainText(`${money(tp)} / ${money(sl)}`);

  // Close half, then the rest.
  await card.locator("summary", { hasText: "Close part" }).click();
  await card.getByLabel("Quantity of BTC to close").fill("0.005");
  await card.getByRole("button", { name: "Close", exact: true }).click();
  await confirmClose(page, "Close this position?", "Position closed", async (sheet) => {
    await expect(sheet).toContainText("Close long 20x");
    await expect(sheet).toContainText("0.005 / 0.01");
    await expect(sheet).toContainText("Est. PnL (USDT)");
  });
  await expect(card.getByTestId("quantity")).toHaveText("0.005");
  // Cancel leaves the position as it was; Confirm closes the rest.
  const closeAll = card.getByRole("button", { name: /^Close position \d+ \(BTC\/USDT\)/ });
  await closeAll.click();
  const sheet = page.getByRole("dialog", { name: "Close this position?" });
  await sheet.getByRole("link", { name: "Cancel" }).click();
  await expect(sheet).toBeHidden();
  await expect(card.getByTestId("quantity")).toHaveText("0.005");
  await closeAll.click();
  await confirmClose(page, "Close this position?", "Position closed", async (s) => {
    await expect(s).toContainText("0.005");
    await expect(s).not.toContainText("0.005 /");
  });
  await expect(page.getByText("No open positions")).toBeVisible();

  // The records: the closed position, and its order with both closes and their price ticks.
  await page.goto("/traderecord?market=contract&view=positions");
  const record = page.getByRole("link", { name: /^Details of position \d+ \(BTC\/USDT\)$/ });
  await expect(record).toContainText("Closed");
  await expect(record).toContainText("0.01");
  await record.click();
  await expect(page).toHaveURL(/\/orderdetails\?id=\d+/);
  await expect(page.getByRole("heading", { name: /BTC\/USDT/ })).toContainText("Long 20x");
  const closes = page.getByRole("region", { name: "Closes" }).getByRole("listitem");
  await expect(closes).toHaveCount(2);
  await expect(closes.first()).toContainText("Closed by you");
  await expect(closes.first()).toContainText(/Price tick\s*\d/);
});

test("limit orders placed and cancelled, no more confirmation, cancel-all, close-all; a spot buy", async ({
  page,
}) => {
  await trader(page, "5000", "1000");
  await page.goto("/tradeing?code=eth/usdt");
  await page.getByRole("link", { name: "Limit" }).click();
  await expect(page.getByLabel("Price (USDT)")).toBeVisible();
  await page.getByRole("button", { name: "Sell / Short" }).click();
  await expect(page.getByText("Price cannot be empty")).toBeVisible();
  await page.getByLabel("Price (USDT)").fill("100");
  await page.getByLabel("Quantity (ETH)").fill("0.1");
  await page.getByLabel("Leverage").selectOption("5");
  await page.getByRole("button", { name: "Buy / Long" }).click();
  await confirm(page, async (sheet) => {
    await expect(sheet).toContainText("Limit");
    await expect(sheet).toContainText("5x");
    await sheet.getByLabel("Don't ask again").check();
  });
  const cancel = page.getByRole("button", { name: /^Cancel order \d+ \(ETH\/USDT\)$/ });
  await expect(cancel).toHaveCount(1);
  await cancel.click();
  await expect(page.getByRole("status")).toHaveText("Order cancelled");
  await expect(page.getByText("No open orders")).toBeVisible();

  // No confirmation any more: each order is placed at once.
  for (const [i, limit] of ["100", "110"].entries()) {
    await page.getByLabel("Price (USDT)").fill(limit);
    await page.getByLabel("Quantity (ETH)").fill("0.1");
    await page.getByRole("button", { name: "Buy / Long" }).click();
    await expect(page.getByRole("link", { name: `Open orders (${i + 1})` })).toBeVisible();
  }
  await page.getByRole("button", { name: "Cancel all" }).click();
  await expect(page.getByRole("status")).toHaveText("Orders cancelled: 2");
  await expect(page.getByRole("link", { name: "Open orders (0)" })).toBeVisible();

  // A limit buy 20 % above the market is marketable: it fills at once at the book's best ask,
  // never at the customer's own higher limit (the defect found by trying the product).
  const last = price(await page.getByTestId("last-price").textContent());
  const limitPrice = Math.round(last * 1.2);
  await page.getByLabel("Price (USDT)").fill(String(limitPrice));
  await page.getByLabel("Quantity (ETH)").fill("0.1");
  await page.getByRole("button", { name: "Buy / Long" }).click();
  await expect(page.getByRole("status")).toHaveText("Order placed");
  await page.getByRole("link", { name: "Positions (1)" }).click();
  const filledAt = price(await page.getByTestId("entry-price").first().textContent());
  expect(filledAt).toBeLessThan(last * 1.05);
  expect(filledAt).toBeLessThan(limitPrice);
  await expect(page.getByRole("link", { name: "Open orders (0)" })).toBeVisible();

  await page.getByRole("link", { name: "Market", exact: true }).click();
  await expect(page.getByLabel("Price (USDT)")).toHaveCount(0);
  await page.getByLabel("Quantity (ETH)").fill("0.1");
  await page.getByRole("button", { name: "Sell / Short" }).click();
  await expect(page.getByRole("link", { name: "Positions (2)" })).toBeVisible();

  // Confirmation turned back on: Close all asks first, listing both positions.
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("status")).toHaveText("Orders will ask for confirmation again");
  await page.getByRole("button", { name: "Close all" }).click();
  await confirmClose(page, "Close all positions?", "Positions closed: 2", async (sheet) => {
    await expect(sheet).toContainText("ETH/USDT · Close long 5x");
    await expect(sheet).toContainText("ETH/USDT · Close short");
    await expect(sheet).toContainText("Est. PnL (USDT)");
  });
  await expect(page.getByText("No open positions")).toBeVisible();

  // Then a spot buy of half the spot wallet's USDT.
  await page.getByRole("link", { name: "Spot", exact: true }).click();
  await expect(page.getByRole("button", { name: "Buy ETH" })).toBeVisible();
  await expect(page.getByTestId("available")).toHaveText("1,000.00 USDT");
  await page.getByRole("button", { name: "50%" }).click();
  await expect(page.getByLabel("Quantity (ETH)")).not.toHaveValue("");
  await page.getByRole("button", { name: "Buy ETH" }).click();
  await confirm(page, async (sheet) => {
    await expect(sheet).toContainText("Fee");
    await expect(sheet).toContainText("ETH");
  });
  await expect(
    page.getByRole("link", { name: /^Details of order \d+ \(ETH\/USDT\)$/ }).first(),
  ).toContainText("Filled");
});
