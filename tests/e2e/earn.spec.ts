import { percent } from "../../app/components/earn/calc.ts";
import { numbers } from "../../app/components/numbers.tsx";
import { ops } from "./ops.ts";
import { literally, sayPattern } from "./say.ts";
import { expect, type Page, registerByEmail, test } from "./support.ts";

// Earn with JavaScript on and off: a new user, credited by the operator CLI, joins a mining pool
// within its limits (each limit refused with its own message first) and leaves it, leaves a
// locked staking early with the penalty shown before confirming, joins the daily-interest wallet
// (the first-participation reward waits for its holding period), subscribes to a live launchpad project, and claims the
// daily check-in reward once. The journeys in English (js) and in their language (nojs,
// tests/e2e/journeys.ts).

async function creditedUser(page: Page, amount: string) {
  const email = await registerByEmail(page);
  expect(ops("deposit", "--account", email, "--coin", "USDT", "--amount", amount)).toMatch(/credited/);
  return email;
}

const toast = (page: Page) => page.getByRole("status");

// Everything moved through the ledger: it still balances after each journey.
test.afterEach(() => {
  expect(ops("audit")).toMatch(/Ledger audit passed/);
});

test("mining pool: each limit refused with its own message, a join within them, an exit", async ({
  page,
  lang,
  t,
}) => {
  test.setTimeout(90_000);
  const n = numbers(lang);
  const usdt = (value: string) => `${n.amount(value, 0)} USDT`;
  const poolName = t("earn.products.usdt_mining");
  const stakingName = t("earn.products.usdt_staking_30");
  await creditedUser(page, "1000");
  await page.goto("/");
  await page
    .getByRole("navigation", { name: t("common.tabs.label") })
    .getByRole("link", { name: t("common.tabs.staking") })
    .click();
  await expect(page).toHaveURL(/\/coinlist$/);
  const pool = page.getByRole("article", { name: poolName });
  await expect(pool).toContainText(percent("0.003", 1, lang));
  await expect(pool).toContainText(`${n.amount("100", 0)} – ${n.amount("50000", 0)} USDT`);
  await pool.getByRole("link", { name: t("earn.join_name", { name: poolName }) }).click();
  await expect(page).toHaveURL(/\/mining\?id=\d+$/);
  await expect(page.getByTestId("available")).toHaveText(
    t("earn.available", { amount: n.amount("1000", 0), coin: "USDT" }),
  );
  // The rule where the customer joins: when income starts and what it is.
  await expect(page.getByTestId("income-rule")).toContainText(t("earn.income_rule"));

  const amount = page.getByLabel(t("earn.amount_coin", { coin: "USDT" }), { exact: true });
  const join = page.getByRole("button", { name: t("earn.join_confirm") });
  await amount.fill("99");
  await join.click();
  await expect(page.getByText(t("messages.earn.below_minimum", { minimum: 100 }))).toBeVisible();
  await amount.fill("50001");
  await join.click();
  await expect(
    page.getByText(t("messages.earn.above_maximum", { maximum: n.amount("50000", 0) })),
  ).toBeVisible();
  await amount.fill("6000000");
  await join.click();
  await expect(
    page.getByText(sayPattern(lang)("messages.earn.exceeds_pool", { remaining: /\d[\d.,\s]*/ })),
  ).toBeVisible();
  await amount.fill("2000");
  await join.click();
  await expect(page.getByText(t("messages.wallet.insufficient"))).toBeVisible();
  // A day's income at 0.30 %, worked out from the amount (live, or from the post without JS).
  await expect(page.getByTestId("daily-income")).toHaveText(usdt("6"));

  await amount.fill("500");
  await join.click();
  await expect(toast(page)).toHaveText(t("messages.earn.joined"));
  await expect(page).toHaveURL(/\/mininglist$/);
  const mine = page.getByRole("article", { name: poolName });
  await expect(mine).toContainText(t("earn.states.participating"));
  await expect(mine).toContainText("500");

  // Exit: a flexible pool keeps nothing; the confirmation says so before anything moves.
  await mine.getByRole("link", { name: t("earn.exit"), exact: true }).click();
  const sheet = page.getByRole("dialog", { name: t("earn.exit_title", { name: poolName }) });
  await expect(sheet.getByTestId("exit-penalty")).toHaveText(usdt("0"));
  await expect(sheet.getByTestId("exit-receive")).toHaveText(usdt("500"));
  await sheet.getByRole("button", { name: t("earn.exit_confirm") }).click();
  await expect(toast(page)).toHaveText(t("messages.earn.exited"));
  await expect(page.getByRole("article", { name: poolName })).toHaveCount(0);
  await page.getByRole("link", { name: t("earn.states.exited"), exact: true }).click();
  await expect(page.getByRole("article", { name: poolName })).toContainText(t("earn.states.exited"));

  // Locked staking left early: the 2 % penalty is shown before confirming, then kept.
  await page.goto("/coinlist?type=staking");
  await page.getByRole("link", { name: t("earn.join_name", { name: stakingName }) }).click();
  await expect(
    page.getByText(
      t("earn.early_exit_warning", {
        days: t("earn.lock_days", { count: 30 }),
        percent: percent("0.02", 1, lang),
      }),
    ),
  ).toBeVisible();
  await page.getByLabel(t("earn.amount_coin", { coin: "USDT" }), { exact: true }).fill("500");
  await page.getByRole("button", { name: t("earn.join_confirm") }).click();
  await expect(page).toHaveURL(/\/mystaking$/);
  const staking = page.getByRole("article", { name: stakingName });
  await staking.getByRole("link", { name: t("earn.exit"), exact: true }).click();
  const early = page.getByRole("dialog", { name: t("earn.exit_title", { name: stakingName }) });
  await expect(early.getByTestId("exit-penalty")).toHaveText(usdt("10"));
  await expect(early.getByTestId("exit-receive")).toHaveText(usdt("490"));
  await early.getByRole("link", { name: t("earn.cancel"), exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await staking.getByRole("link", { name: t("earn.exit"), exact: true }).click();
  await page.getByRole("button", { name: t("earn.exit_confirm") }).click();
  await expect(toast(page)).toHaveText(t("messages.earn.exited"));
  await expect(page).toHaveURL(/\/mystaking$/);
  await expect(page.getByRole("article", { name: stakingName })).toContainText(
    `${t("earn.penalty_kept")}${usdt("10")}`,
  );
  // 1000 − 500 + 500 (pool) − 500 + 490 (staking) = 990 available again.
  await page.goto("/coinlist");
  await page.getByRole("link", { name: t("earn.join_name", { name: poolName }) }).click();
  await expect(page.getByTestId("available")).toHaveText(
    t("earn.available", { amount: n.amount("990", 0), coin: "USDT" }),
  );
});

test("daily-interest wallet: the offer and the reward's terms for visitors, the reward's holding period", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/fortune");
  await expect(page.getByTestId("fortune-offer")).toHaveText("100 USDT earns 1 USDT a day");
  await expect(page.getByText("First participation reward: 5 USDT")).toBeVisible();
  await expect(page.getByTestId("first-reward-terms")).toHaveText(
    "Keep at least 100 USDT in the wallet for 7 days to receive a 5 USDT reward",
  );
  await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Ffortune",
  );

  await creditedUser(page, "300");
  await page.goto("/fortune");
  await expect(page.getByTestId("first-reward")).toHaveText(
    "Keep at least 100 USDT in the wallet for 7 days to receive a 5 USDT reward",
  );
  const add = page.getByLabel("Amount to add (USDT)");
  await add.fill("1000");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Insufficient balance")).toBeVisible();
  await add.fill("100");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page)).toHaveText(
    "Keep at least 100 USDT in the wallet for 7 days to receive your 5 USDT reward",
  );
  await expect(page.getByTestId("fortune-balance")).toHaveText("100.00");
  await expect(page.getByTestId("first-reward")).toContainText("Your 5 USDT reward arrives on");
  await expect(page.getByText("Available: 200 USDT")).toBeVisible();

  // A second deposit starts no second holding period.
  await page.getByLabel("Amount to add (USDT)").fill("50");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page)).toHaveText("Added to the daily-interest wallet");
  await expect(page.getByTestId("fortune-balance")).toHaveText("150.00");
  await expect(page.getByText("Available: 150 USDT")).toBeVisible();

  await page.getByLabel("Amount to move (USDT)").fill("20");
  await page.getByRole("button", { name: "Move to spot" }).click();
  await expect(toast(page)).toHaveText("Moved back to your spot wallet");
  await expect(page.getByTestId("fortune-balance")).toHaveText("130.00");
});

test("a day's income: paid by the daily accrual, shown in my pool records and the daily-interest wallet", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = await creditedUser(page, "1000");
  await page.goto("/coinlist");
  await page
    .getByRole("article", { name: "USDT mining pool" })
    .getByRole("link", { name: "Join USDT mining pool" })
    .click();
  await page.getByLabel("Amount (USDT)").fill("500");
  await page.getByRole("button", { name: "Confirm purchase" }).click();
  await expect(page).toHaveURL(/\/mininglist$/);
  const mine = page.getByRole("article", { name: "USDT mining pool" });
  await expect(mine.getByTestId("income")).toHaveText("0");
  await page.goto("/fortune");
  await page.getByLabel("Amount to add (USDT)").fill("100");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByTestId("fortune-balance")).toHaveText("100.00");

  // The operator pays tomorrow's income now, for this customer only (the tests run side by side).
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  expect(ops("earn", "accrue", "--day", tomorrow, "--early", "--account", email)).toMatch(
    `${tomorrow}: 2 payment(s) made.`,
  );
  await page.goto("/mininglist");
  await expect(mine.getByTestId("income")).toHaveText("1.5"); // 500 × 0.30 %
  await mine.getByRole("link", { name: "Income details" }).click();
  await expect(page.getByRole("list", { name: "Daily income" })).toContainText("1.5");
  await page.goto("/fortune");
  await expect(page.getByTestId("fortune-total")).toHaveText("1.00"); // 100 × 1 %
});

test("launchpad: a live project's subscription within the limits, in my records", async ({
  page,
  lang,
  t,
}) => {
  test.setTimeout(90_000);
  const n = numbers(lang);
  const token = "Beacon Token (BCN)";
  await creditedUser(page, "1000");
  await page.goto("/ico_details");
  await page.getByRole("link", { name: token }).click();
  await expect(page).toHaveURL(/\/ico_details\?id=\d+$/);
  await expect(page.getByText(t("earn.launch_states.live"), { exact: true })).toBeVisible();
  await expect(
    page.getByText(t("earn.price_line", { token: "BCN", price: n.amount("0.05", 0) })),
  ).toBeVisible();
  await expect(page.getByTestId("launchpad-rule")).toContainText(
    t("earn.launchpad_rule", { minimum: n.amount("10", 0), maximum: n.amount("5000", 0), token: "BCN" }),
  );
  await expect(page.getByRole("progressbar", { name: t("earn.sold") })).toBeVisible();

  const amount = page.getByLabel(t("earn.subscribe_amount"), { exact: true });
  await amount.fill("5");
  await page.getByRole("button", { name: t("earn.subscribe") }).click();
  await expect(page.getByText(t("messages.earn.below_minimum", { minimum: 10 }))).toBeVisible();
  await amount.fill("100");
  await page.getByRole("button", { name: t("earn.subscribe") }).click();
  await expect(toast(page)).toHaveText(t("messages.earn.subscribed"));
  await expect(page).toHaveURL(/\/mylaunchpad$/);
  const record = page.getByRole("article", { name: token });
  await expect(record).toContainText(t("earn.subscription_states.subscribed"));
  await expect(record).toContainText(`${n.amount("100", 0)} USDT`);
  await expect(record).toContainText(n.amount("2000", 0));

  // The project now counts it; an upcoming project takes no subscription yet.
  await record.getByRole("link", { name: /Beacon Token/ }).click();
  await expect(page.getByTestId("my-subscribed")).toHaveText(`${n.amount("100", 0)} USDT`);
  await page.getByRole("link", { name: t("earn.all_projects") }).click();
  await page.getByRole("link", { name: "Lumen Network (LUMA)" }).click();
  await expect(page.getByText(t("earn.launch_states.upcoming"), { exact: true })).toBeVisible();
  await expect(page.getByText(t("earn.opens_at"))).toBeVisible();
  await expect(page.getByRole("button", { name: t("earn.subscribe") })).toHaveCount(0);
});

test("daily check-in: claimed once, refused the second time the same day", async ({
  page,
  baseURL,
  lang,
  t,
}) => {
  test.setTimeout(60_000);
  const reward = numbers(lang).amount("0.1", 0);
  await registerByEmail(page);
  await page.goto("/webselect");
  await page.getByRole("link", { name: literally(t("earn.webhome_title")) }).click();
  await expect(page).toHaveURL(/\/webhome$/);
  await expect(page.getByTestId("streak")).toHaveText("0");
  await page.getByRole("button", { name: t("earn.claim", { amount: reward, coin: "USDT" }) }).click();
  await expect(toast(page)).toHaveText(
    t("messages.earn.checkin_done", { streak: 1, amount: numbers(lang).amount("0.1") }),
  );
  await expect(page.getByTestId("streak")).toHaveText("1");
  await expect(page.getByRole("button", { name: t("earn.claimed_today") })).toBeDisabled();
  await expect(
    page.getByRole("listitem", { name: t("earn.day_states.claimed", { day: 1, amount: reward }) }),
  ).toBeVisible();

  // A second claim the same day (an old page, another tab) changes nothing and says why.
  const again = await page.request.post("/webhome", {
    headers: { origin: baseURL ?? "" },
    form: {},
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  await page.goto("/webhome");
  await expect(toast(page)).toHaveText(t("messages.earn.checked_in"));
  await expect(page.getByTestId("streak")).toHaveText("1");
});
