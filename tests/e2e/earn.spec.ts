import { ops } from "./ops.ts";
import { expect, type Page, registerByEmail, test } from "./support.ts";

// Earn with JavaScript on and off: a new user, credited by the operator CLI, joins a mining pool
// within its limits (each limit refused with its own message first) and leaves it, leaves a
// locked staking early with the penalty shown before confirming, joins the daily-interest wallet
// (the first-participation reward waits for its holding period), subscribes to a live launchpad project, and claims the
// daily check-in reward once.

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
}) => {
  test.setTimeout(90_000);
  await creditedUser(page, "1000");
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Main sections" })
    .getByRole("link", { name: "Staking" })
    .click();
  await expect(page).toHaveURL(/\/coinlist$/);
  const pool = page.getByRole("article", { name: "USDT mining pool" });
  await expect(pool).toContainText("0.30%");
  await expect(pool).toContainText("100 – 50,000 USDT");
  await pool.getByRole("link", { name: "Join USDT mining pool" }).click();
  await expect(page).toHaveURL(/\/mining\?id=\d+$/);
  await expect(page.getByTestId("available")).toHaveText("Available: 1,000 USDT");
  // The rule where the customer joins: when income starts and what it is.
  await expect(page.getByTestId("income-rule")).toContainText("Income starts the day after you join (UTC)");

  const amount = page.getByLabel("Amount (USDT)");
  const join = page.getByRole("button", { name: "Confirm purchase" });
  await amount.fill("99");
  await join.click();
  await expect(page.getByText("The amount is below the minimum purchase amount (100)")).toBeVisible();
  await amount.fill("50001");
  await join.click();
  await expect(page.getByText("The amount exceeds the maximum purchase amount (50000)")).toBeVisible();
  await amount.fill("6000000");
  await join.click();
  await expect(
    page.getByText(/^The amount exceeds the remaining pool amount \(\d+(\.\d+)?\)$/),
  ).toBeVisible();
  await amount.fill("2000");
  await join.click();
  await expect(page.getByText("Insufficient balance")).toBeVisible();
  // A day's income at 0.30 %, worked out from the amount (live, or from the post without JS).
  await expect(page.getByTestId("daily-income")).toHaveText("6 USDT");

  await amount.fill("500");
  await join.click();
  await expect(toast(page)).toHaveText("Purchase successful");
  await expect(page).toHaveURL(/\/mininglist$/);
  const mine = page.getByRole("article", { name: "USDT mining pool" });
  await expect(mine).toContainText("Participating");
  await expect(mine).toContainText("500");

  // Exit: a flexible pool keeps nothing; the confirmation says so before anything moves.
  await mine.getByRole("link", { name: "Exit" }).click();
  const sheet = page.getByRole("dialog", { name: "Exit USDT mining pool?" });
  await expect(sheet.getByTestId("exit-penalty")).toHaveText("0 USDT");
  await expect(sheet.getByTestId("exit-receive")).toHaveText("500 USDT");
  await sheet.getByRole("button", { name: "Confirm exit" }).click();
  await expect(toast(page)).toHaveText("Exit successful");
  await expect(page.getByRole("article", { name: "USDT mining pool" })).toHaveCount(0);
  await page.getByRole("link", { name: "Exited" }).click();
  await expect(page.getByRole("article", { name: "USDT mining pool" })).toContainText("Exited");

  // Locked staking left early: the 2 % penalty is shown before confirming, then kept.
  await page.goto("/coinlist?type=staking");
  await page.getByRole("link", { name: "Join USDT staking · 30 days" }).click();
  await expect(
    page.getByText("Locked for 30 days. Leaving before the end keeps 2.00% of the principal."),
  ).toBeVisible();
  await page.getByLabel("Amount (USDT)").fill("500");
  await page.getByRole("button", { name: "Confirm purchase" }).click();
  await expect(page).toHaveURL(/\/mystaking$/);
  const staking = page.getByRole("article", { name: "USDT staking · 30 days" });
  await staking.getByRole("link", { name: "Exit" }).click();
  const early = page.getByRole("dialog", { name: "Exit USDT staking · 30 days?" });
  await expect(early.getByTestId("exit-penalty")).toHaveText("10 USDT");
  await expect(early.getByTestId("exit-receive")).toHaveText("490 USDT");
  await early.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await staking.getByRole("link", { name: "Exit" }).click();
  await page.getByRole("button", { name: "Confirm exit" }).click();
  await expect(toast(page)).toHaveText("Exit successful");
  await expect(page).toHaveURL(/\/mystaking$/);
  await expect(page.getByRole("article", { name: "USDT staking · 30 days" })).toContainText(
    "Early-exit penalty10 USDT",
  );
  // 1000 − 500 + 500 (pool) − 500 + 490 (staking) = 990 available again.
  await page.goto("/coinlist");
  await page.getByRole("link", { name: "Join USDT mining pool" }).click();
  await expect(page.getByTestId("available")).toHaveText("Available: 990 USDT");
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

test("launchpad: a live project's subscription within the limits, in my records", async ({ page }) => {
  test.setTimeout(90_000);
  await creditedUser(page, "1000");
  await page.goto("/ico_details");
  await page.getByRole("link", { name: "Beacon Token (BCN)" }).click();
  await expect(page).toHaveURL(/\/ico_details\?id=\d+$/);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  await expect(page.getByText("1 BCN = 0.05 USDT")).toBeVisible();
  await expect(page.getByTestId("launchpad-rule")).toContainText(
    "Each subscription is at least 10 USDT and yours together at most 5,000 USDT",
  );
  await expect(page.getByRole("progressbar", { name: "Sold" })).toBeVisible();

  const amount = page.getByLabel("Amount (USDT)");
  await amount.fill("5");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("The amount is below the minimum purchase amount (10)")).toBeVisible();
  await amount.fill("100");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page)).toHaveText("Subscribed: the tokens are delivered when the project ends");
  await expect(page).toHaveURL(/\/mylaunchpad$/);
  const record = page.getByRole("article", { name: "Beacon Token (BCN)" });
  await expect(record).toContainText("Awaiting delivery");
  await expect(record).toContainText("100 USDT");
  await expect(record).toContainText("2,000");

  // The project now counts it; an upcoming project takes no subscription yet.
  await record.getByRole("link", { name: /Beacon Token/ }).click();
  await expect(page.getByTestId("my-subscribed")).toHaveText("100 USDT");
  await page.getByRole("link", { name: "All projects" }).click();
  await page.getByRole("link", { name: "Lumen Network (LUMA)" }).click();
  await expect(page.getByText("Upcoming", { exact: true })).toBeVisible();
  await expect(page.getByText("Subscriptions open:")).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe" })).toHaveCount(0);
});

test("daily check-in: claimed once, refused the second time the same day", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await registerByEmail(page);
  await page.goto("/webselect");
  await page.getByRole("link", { name: /Daily check-in/ }).click();
  await expect(page).toHaveURL(/\/webhome$/);
  await expect(page.getByTestId("streak")).toHaveText("0");
  await page.getByRole("button", { name: "Claim 0.1 USDT" }).click();
  await expect(toast(page)).toHaveText("Day 1: 0.1 USDT claimed");
  await expect(page.getByTestId("streak")).toHaveText("1");
  await expect(page.getByRole("button", { name: "Claimed today — come back tomorrow" })).toBeDisabled();
  await expect(page.getByRole("listitem", { name: "Day 1: 0.1 USDT, claimed" })).toBeVisible();

  // A second claim the same day (an old page, another tab) changes nothing and says why.
  const again = await page.request.post("/webhome", {
    headers: { origin: baseURL ?? "" },
    form: {},
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  await page.goto("/webhome");
  await expect(toast(page)).toHaveText("You already claimed today's reward; come back tomorrow");
  await expect(page.getByTestId("streak")).toHaveText("1");
});
