import { Secret, TOTP } from "otpauth";
import { ROUTES } from "../../app/route-table.ts";
import { ops } from "./ops.ts";
import {
  type APIRequestContext,
  bootAware,
  codeFor,
  expect,
  login,
  PASSWORD,
  type Page,
  registerByEmail,
  sidewaysOverflow,
  test,
  uniqueEmail,
  uniquePhone,
} from "./support.ts";

// The operator console, with JavaScript on and off: an operator made by the CLI signs in with a
// TOTP code computed here, approves a KYC submission and a withdrawal, changes a pool's rate and a
// notice, and finds each action in the audit log. A reviewer cannot edit a pool; a customer never
// reaches the console.

const FUND = "Fund2026ok";

/** `npm run ops -- admin create`: the one-time password and the TOTP secret from its output. */
function createOperator(role: string) {
  const email = uniqueEmail(`op-${role}`);
  const out = ops("admin", "create", email, "--role", role);
  const password = /password: (\S+)/.exec(out)?.[1] ?? "";
  const secret = /totp secret: ([A-Z2-7]+)/.exec(out)?.[1] ?? "";
  expect(out).toContain("otpauth://totp/");
  return { email, password, secret };
}
const totp = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

async function signIn(page: Page, op: { email: string; password: string; secret: string }) {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("E-mail").fill(op.email);
  await page.getByLabel("Password").fill(op.password);
  await page.getByLabel("Authenticator code").fill(totp(op.secret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

/** A customer through the API: registered, credited, phone bound (what a withdrawal needs). */
async function customer(request: APIRequestContext) {
  const email = uniqueEmail("cust");
  await request.post("/api/send_email", { data: { email, type: "register" } });
  const registered = await request.post("/api/register", {
    data: {
      type: "email",
      email,
      code: await codeFor(request, email),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree: true,
    },
  });
  const token = (await registered.json()).data.token as string;
  const authorization = `Bearer ${token}`;
  expect(ops("deposit", "--account", email, "--coin", "USDT", "--amount", "500")).toMatch(/credited/);
  const phone = uniquePhone();
  await request.get(`/api/captcha?type=bind&area_code=65&phone=${phone}`, { headers: { authorization } });
  const bound = await request.post("/api/security/phone", {
    headers: { authorization },
    data: { area_code: "65", phone, code: await codeFor(request, `+65${phone}`) },
  });
  expect(bound.status()).toBe(200);
  return { email, authorization };
}

test("an operator signs in with TOTP, decides the queues, edits a pool and a notice, and audits it", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const tag = info.project.name;
  const { email, authorization } = await customer(page.request);
  const kyc = await page.request.post("/api/user/kyc/primary", {
    headers: { authorization },
    data: {
      real_name: "Ana Lim",
      id_number: `A${Date.now().toString().slice(-7)}${tag === "js" ? "J" : "N"}`,
      country: "SG",
      document_type: "passport",
    },
  });
  expect(kyc.status()).toBe(200);
  const owner = createOperator("owner");

  // A wrong code is refused, with the answer that says nothing about which field was wrong.
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByLabel("Authenticator code").fill(totp(owner.secret, Date.now() + 5 * 60_000));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("E-mail, password or code is wrong");
  await signIn(page, owner);
  await expect(page.getByTestId("queue-kyc")).not.toHaveText("0");

  // KYC: the queue, the detail, approve.
  await page.getByRole("link", { name: "KYC", exact: true }).click();
  const application = page.getByRole("row").filter({ hasText: email });
  await application.getByRole("link", { name: "Review" }).click();
  // The application's details (the list, still shown while the page changes, names her too).
  await expect(page.locator("dd", { hasText: "Ana Lim" })).toBeVisible();
  // It fits the phone: a long e-mail wraps rather than widening the page, where a tap on
  // Approve could land on the card beside it.
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status")).toHaveText("Done");
  await expect(page).toHaveURL(/\/admin\/kyc$/);
  const status = await page.request.get("/api/user/kyc", { headers: { authorization } });
  expect((await status.json()).data.primary.status).toBe("authenticated");

  // The customer, now verified, sets a fund password and withdraws to their own address.
  const fund = await page.request.post("/api/security/fund_password", {
    headers: { authorization },
    data: { new_pay_pwd: FUND, new_pay_pwd_confirmation: FUND },
  });
  expect(fund.status()).toBe(200);
  const address = (
    await (
      await page.request.get("/api/wallet/recharge/address?coin=USDT&network=TRC20", {
        headers: { authorization },
      })
    ).json()
  ).data.address as string;
  const withdrawal = await page.request.post("/api/wallet/withdraw", {
    headers: { authorization },
    data: { coin: "USDT", network: "TRC20", address, amount: "100", payment_password: FUND },
  });
  expect(withdrawal.status(), await withdrawal.text()).toBe(200);
  const wid = (await withdrawal.json()).data.id as number;

  await page.getByRole("link", { name: "Withdrawals", exact: true }).click();
  const pending = page.getByTestId(`withdrawal-${wid}`);
  await expect(pending).toContainText(email);
  await pending.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status")).toHaveText("Done");
  await page.getByRole("link", { name: "Show recent withdrawals in every state" }).click();
  const approved = page.getByTestId(`withdrawal-${wid}`);
  await expect(approved).toContainText("Approved");
  await approved.getByLabel("Transaction id").fill(`0xe2e${tag}${wid}`);
  await approved.getByRole("button", { name: "Mark sent" }).click();
  await expect(page.getByRole("status")).toHaveText("Done");
  await expect(page.getByTestId(`withdrawal-${wid}`)).toContainText(`0xe2e${tag}${wid}`);

  // A pool's daily rate (the ETH pool: other journeys read the USDT pool's). A bad value is
  // refused and changes nothing, a good one is saved.
  const rate = tag === "js" ? "0.0121" : "0.0122";
  await page.getByRole("link", { name: "Pools", exact: true }).click();
  const pool = page.getByTestId("pool-eth_mining");
  await pool.getByLabel("Daily rate").fill("3");
  await pool.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter a daily rate between 0 and 1");
  await page.getByTestId("pool-eth_mining").getByLabel("Daily rate").fill(rate);
  await page.getByTestId("pool-eth_mining").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Done");
  await expect(page.getByTestId("pool-eth_mining").getByLabel("Daily rate")).toHaveValue(rate);

  // A notice, in English: what customers read changes.
  const title = `Scheduled maintenance ${tag} ${Date.now()}`;
  await page.getByRole("link", { name: "Notices", exact: true }).click();
  // Each project edits its own post, one no other journey reads in English (the home page's
  // journey reads the security and daily-interest notices); a retry finds it by its new title.
  if (tag === "nojs") await page.getByRole("link", { name: "News", exact: true }).click();
  const post =
    tag === "js"
      ? /USDT deposits and withdrawals|Scheduled maintenance js/
      : /Install the app on your phone|Scheduled maintenance nojs/;
  await page.getByRole("row", { name: post }).first().getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Done");
  await expect(page.getByLabel("Title")).toHaveValue(title);
  const noticeId = /id=(\d+)/.exec(page.url())?.[1];
  const shown = await page.request.get(`/api/posts/show?id=${noticeId}`, { headers: { lang: "en" } });
  expect((await shown.json()).data.title).toBe(title);

  // The audit log: every action, by this operator, with before and after; and its CSV.
  await page.getByRole("link", { name: "Audit log", exact: true }).click();
  await page.getByLabel("Operator").fill(owner.email);
  await page.getByRole("button", { name: "Filter" }).click();
  const rows = page.getByTestId("audit-row");
  const postUpdate = tag === "js" ? "notice.update" : "news.update";
  for (const action of [
    "kyc.approve",
    "withdrawal.approve",
    "withdrawal.sent",
    "product.update",
    postUpdate,
  ]) {
    await expect(rows.filter({ hasText: action })).toHaveCount(1);
  }
  await expect(rows.filter({ hasText: "product.update" })).toContainText(`"daily_rate":"${rate}"`);
  await expect(rows.filter({ hasText: postUpdate })).toContainText(title);
  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  const csv = await page.request.get(href ?? "");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text.split("\r\n")[0]).toBe("id,at,operator,action,target,before,after");
  expect(text).toContain("withdrawal.sent");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin/audit");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("a reviewer cannot edit a pool, and a customer cannot reach the console", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const reviewer = createOperator("reviewer");
  await signIn(page, reviewer);
  await page.getByRole("link", { name: "Pools", exact: true }).click();
  const pool = page.getByTestId("pool-usdt_mining");
  await expect(pool).toBeVisible();
  await expect(pool.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Operators" })).toHaveCount(0);
  const before = await pool.locator("td").nth(3).innerText();
  // Posting the form anyway: refused by the platform for the role.
  const forged = await page.request.post("/admin/pools", {
    headers: { origin: baseURL ?? "" },
    form: { id: "1", daily_rate: "0.5", status: "active" },
  });
  expect(forged.status()).toBe(403);
  // The console's cookie holds the token as React Router encodes a cookie value (base64 JSON).
  const cookie = (await page.context().cookies()).find((c) => c.name === "__admin")?.value ?? "";
  const token = JSON.parse(Buffer.from(decodeURIComponent(cookie), "base64").toString("utf8")) as string;
  const api = await page.request.post("/api/admin/products/update", {
    headers: { authorization: `Bearer ${token}` },
    data: { id: 1, daily_rate: "0.5", status: "active" },
  });
  expect(api.status()).toBe(403);
  await page.reload();
  await expect(page.getByTestId("pool-usdt_mining").locator("td").nth(3)).toHaveText(before);
  await page.getByRole("button", { name: "Sign out" }).click();

  // A customer, signed in to the app: the console shows its sign-in, never its data.
  const email = await registerByEmail(page);
  await page.goto("/center");
  await expect(page).toHaveURL(/\/center$/);
  for (const path of ["/admin", "/admin/kyc", "/admin/audit", "/admin/operators"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
  }
  const customerToken = (
    await (await page.request.post("/api/login", { data: { account: email, password: PASSWORD } })).json()
  ).data.token as string;
  const me = await page.request.get("/api/admin/me", {
    headers: { authorization: `Bearer ${customerToken}` },
  });
  expect(me.status()).toBe(401);
  const csv = await page.request.get("/admin/audit.csv", { maxRedirects: 0 });
  expect(csv.status()).toBe(302);
});

test("a reviewer finds and freezes a customer, who cannot sign in, then unfreezes; an operator pauses an instrument and trading is refused", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const tag = info.project.name;
  const { email } = await customer(page.request);
  // Each project pauses its own instrument, so js and nojs can run side by side.
  const code = tag === "js" ? "atom/usdt" : "xlm/usdt";

  // Search by part of the e-mail, open the customer, freeze.
  const reviewer = createOperator("reviewer");
  await signIn(page, reviewer);
  await page.getByRole("link", { name: "Customers", exact: true }).click();
  await page.getByLabel("E-mail, phone, UID, wallet or deposit address").fill(email.split("@")[0] ?? email);
  await page.getByRole("button", { name: "Filter" }).click();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Active");
  await row.getByRole("link").first().click();
  await expect(page.getByTestId("customer-card")).toContainText(email);
  await expect(page.getByRole("heading", { name: "Balances" })).toBeVisible();
  await expect(page.getByText("500", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Freeze account" }).click();
  await expect(page.getByRole("status")).toHaveText("Done");
  await expect(page.getByTestId("customer-card")).toContainText("Frozen");

  // The customer, in their own browser: sign-in refused with the reason.
  const customerContext = await browser.newContext({ javaScriptEnabled: tag === "js" });
  const customerPage = bootAware(await customerContext.newPage());
  await login(customerPage, email);
  await expect(
    customerPage.getByText("This account is frozen, please contact customer service"),
  ).toBeVisible();
  await expect(customerPage).toHaveURL(/\/login/);

  await page.getByRole("button", { name: "Unfreeze account" }).click();
  await expect(page.getByRole("status")).toHaveText("Done");
  await expect(page.getByTestId("customer-card")).toContainText("Active");
  await login(customerPage, email);
  await expect(customerPage).not.toHaveURL(/\/login/);
  await customerContext.close();

  // A reviewer sees instruments but cannot change them.
  await page.getByRole("link", { name: "Instruments", exact: true }).click();
  const testId = `instrument-${code.replace("/", "-")}`;
  await expect(page.getByTestId(testId)).toBeVisible();
  await expect(page.getByTestId(testId).getByRole("button", { name: "Save" })).toHaveCount(0);
  await page.getByRole("button", { name: "Sign out" }).click();

  // An operator pauses the instrument: it leaves the market list and new orders are refused.
  const operator = createOperator("operator");
  await signIn(page, operator);
  await page.getByRole("link", { name: "Instruments", exact: true }).click();
  const instrument = page.getByTestId(testId);
  const takerFee = await instrument.getByLabel(`${code} Taker fee`).inputValue();
  await instrument.getByLabel(`${code} Taker fee`).fill("0.5");
  await instrument.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter a fee between 0 and 0.1");
  // A bad value changed nothing; with the fee put back, the pause is saved.
  await page.getByTestId(testId).getByLabel(`${code} Taker fee`).fill(takerFee);
  await page.getByTestId(testId).getByLabel(`${code} Status`).selectOption("paused");
  await page.getByTestId(testId).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Done");
  await expect(page.getByTestId(testId).getByLabel(`${code} Status`)).toHaveValue("paused");
  const listedCodes = async () =>
    ((await (await page.request.get("/api/market/instruments")).json()).data as { code: string }[]).map(
      (i) => i.code,
    );
  // With JavaScript the toast can still be the previous one: wait for the list itself.
  await expect.poll(listedCodes).not.toContain(code);
  const token = (
    await (await page.request.post("/api/login", { data: { account: email, password: PASSWORD } })).json()
  ).data.token as string;
  const refused = await page.request.post("/api/spot/order", {
    headers: { authorization: `Bearer ${token}` },
    data: { code: code.toUpperCase(), side: "buy", type: "market", quantity: "1" },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).message).toBe("Trading on this instrument is paused for now");

  // Resumed: listed again.
  await page.getByTestId(testId).getByLabel(`${code} Status`).selectOption("active");
  await page.getByTestId(testId).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Done");
  await expect.poll(listedCodes).toContain(code);

  // Both actions are in the audit log with before and after.
  await page.getByRole("link", { name: "Audit log", exact: true }).click();
  await page.getByLabel("Target").fill(`instrument:${code}`);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("audit-row").filter({ hasText: '"status":"paused"' }).first()).toBeVisible();
});

test("an operator changes a timed contract's odds and a site field; customers see both at once", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  // Each project edits its own product and site field, so the two can run side by side.
  const [period, odds, percent] = info.project.name === "js" ? [600, "0.97", "97%"] : [300, "0.93", "93%"];
  const [field, label, value] =
    info.project.name === "js"
      ? ["servicephone", "Service phone", "+1 555 0197"]
      : ["opinionmail", "Feedback e-mail", "ideas@beacon.test"];
  const operator = createOperator("operator");
  await signIn(page, operator);

  await page.getByRole("link", { name: "Timed contracts", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Timed contracts" })).toBeVisible();
  const row = page.getByTestId(`timed-eth-usdt-${period}`);
  await row.getByLabel(`ETH/USDT ${period}s Odds`).fill("12");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter odds above 0 and at most 10");
  await page.screenshot({ path: info.outputPath("admin-timed.png"), fullPage: true });
  await page.goto("/admin/timed");
  await page.getByTestId(`timed-eth-usdt-${period}`).getByLabel(`ETH/USDT ${period}s Odds`).fill(odds);
  await page.getByTestId(`timed-eth-usdt-${period}`).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Done");
  const oddsNow = async () =>
    (
      (await (await page.request.get("/api/option/products?code=ETH/USDT")).json()).data as {
        period_seconds: number;
        odds: string;
      }[]
    ).find((p) => p.period_seconds === period)?.odds;
  await expect.poll(oddsNow).toBe(odds);

  await page.getByRole("link", { name: "Site", exact: true }).click();
  await page.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Done");
  const fieldNow = async () =>
    (await (await page.request.get("/api/about/content")).json()).data[field] as string;
  await expect.poll(fieldNow).toBe(value);

  // A customer's view (no console cookie): the new odds and the new field, without waiting.
  const visitor = await browser.newContext({
    baseURL,
    locale: "en-US",
    javaScriptEnabled: info.project.name === "js",
  });
  const customer = bootAware(await visitor.newPage());
  await customer.goto(`/tradeing?mode=timed&code=eth/usdt&period=${period}`);
  await expect(customer.getByTestId("odds")).toHaveText(percent);
  await customer.goto("/customerservice");
  await expect(customer.getByText(value)).toBeVisible();
  await visitor.close();

  await page.goto(`/admin/audit?action=timed_product.update`);
  await expect(page.getByText(operator.email).first()).toBeVisible();
});

test("an operator publishes a new notice, customers read it, then it is unpublished and gone", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  // Each project publishes its own notice (a unique title), so js and nojs can run side by side.
  const tag = info.project.name;
  const title = `Network upgrade ${tag} ${Date.now()}`;
  const operator = createOperator("operator");
  await signIn(page, operator);
  await page.getByRole("link", { name: "Notices", exact: true }).click();
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page).toHaveURL(/kind=notice&new=1/);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Publish" }) });

  // Bad input is refused, localized, and publishes nothing.
  await form.getByLabel("Title").fill("   ");
  await form.getByLabel("Body (Markdown)").fill("Deposits pause for an hour.");
  await form.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("alert")).toContainText("Cannot be empty");

  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Summary").fill("Deposits pause for an hour");
  await form.getByLabel("Body (Markdown)").fill("## When\n\nSunday, 02:00–03:00 UTC.");
  await form.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status")).toHaveText("Published: customers see it now");
  // On to its English text, ready for the other languages.
  await expect(page).toHaveURL(/kind=notice&id=\d+&lang=en/);
  await expect(page.getByLabel("Title").first()).toHaveValue(title);
  const id = /id=(\d+)/.exec(page.url())?.[1] ?? "";
  await expect(page.getByTestId(`post-${id}`)).toContainText("Published");

  // A customer (a visitor with the same JavaScript setting) finds it on the notice list, in
  // English, and in Spanish too until someone translates it.
  const visitor = await browser.newContext({ baseURL, locale: "en-US", javaScriptEnabled: tag === "js" });
  const customer = bootAware(await visitor.newPage());
  await customer.goto("/noticelist");
  await expect(customer.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  const es = await customer.request.get(`/api/posts/show?id=${id}`, { headers: { lang: "es" } });
  expect((await es.json()).data).toMatchObject({ title, lang: "en" });

  // Unpublished: gone from the list, and the notice itself is not found.
  await page.getByRole("button", { name: "Unpublish" }).click();
  // With JavaScript the toast can still be the previous one: wait for the post's state itself.
  await expect(page.getByTestId(`post-${id}`)).toContainText("Unpublished");
  if (tag === "nojs")
    await expect(page.getByRole("status")).toHaveText("Unpublished: customers no longer see it");
  await expect(page.getByRole("button", { name: "Publish again" })).toBeVisible();
  await customer.goto("/noticelist");
  await expect(customer.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(customer.getByRole("link", { name: new RegExp(title) })).toHaveCount(0);
  const gone = await customer.request.get(`/api/posts/show?id=${id}`);
  expect(gone.status()).toBe(404);
  await visitor.close();

  // Both are in the audit log.
  await page.goto(`/admin/audit?target=post:${id}`);
  const rows = page.getByTestId("audit-row");
  await expect(rows.filter({ hasText: "notice.create" })).toContainText(title);
  await expect(rows.filter({ hasText: "notice.unpublish" })).toContainText('"published":false');
});

// An operator on a phone: every console screen, and a customer's card with a long e-mail, fits
// 360 px (a page wider than the screen is zoomed out, and taps land beside their buttons).
test("no console screen scrolls sideways at 360 px", async ({ page }, info) => {
  test.skip(info.project.name === "js", "the layout is the server's either way; one pass is enough");
  test.setTimeout(180_000);
  const { email } = await customer(page.request);
  await signIn(page, createOperator("owner"));
  const wide: string[] = [];
  const measure = async (where: string) => {
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) wide.push(`${where} (${overflow} px)`);
  };
  for (const { path } of ROUTES) {
    if (!path.startsWith("/admin") || path.includes(":") || /\/(login|logout)$|\.csv$/.test(path)) continue;
    await page.goto(path);
    await measure(path);
  }
  await page.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
  await expect(page.getByTestId("customer-card")).toContainText(email);
  await measure("/admin/customers/:id");
  expect(wide).toEqual([]);
});
