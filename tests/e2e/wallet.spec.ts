import { numbers } from "../../app/components/numbers.tsx";
import { primaryVerifiedFromWithdraw } from "./kyc.ts";
import { ops } from "./ops.ts";
import { literally } from "./say.ts";
import { codeFor, expect, PASSWORD, type Page, registerByEmail, test, uniquePhone } from "./support.ts";

// The wallet with JavaScript on and off: a new user is credited by the operator CLI (through the
// e2e server's operator endpoint), sees the balance, transfers, converts, finds the deposit
// address, is held back from withdrawing until the preconditions are met, withdraws, and sees the
// record change when the operator approves. Each journey in English (js) and in its language
// (nojs, tests/e2e/journeys.ts).

const FUND = "Fund2026ok";

/** A new account with `amount` USDT credited as a confirmed deposit. */
async function creditedUser(page: Page, amount = "1000") {
  const email = await registerByEmail(page);
  expect(ops("deposit", "--account", email, "--coin", "USDT", "--amount", amount)).toMatch(/credited/);
  return email;
}

const row = (page: Page, coin: string) => page.getByRole("listitem", { name: coin, exact: true });

/** A record in the list: "Deposit · USDT", then its amount and status, as the link reads. */
const record = (type: string, ...rest: string[]) =>
  new RegExp([`${type} · USDT`, ...rest].map((part) => literally(part).source).join(".*"));

/** A text matched literally but for the part marked "\u0000" (a figure), which matches `part`. */
const pattern = (text: string, part = "") => new RegExp(literally(text).source.split("\u0000").join(part));

test("assets: the balance, the switches, a transfer and a conversion", async ({ page, lang, t }) => {
  test.setTimeout(90_000);
  const n = numbers(lang);
  const available = (amount: string) => `${t("wallet.available")}${n.amount(amount)}`;
  const amount = () => page.getByLabel(t("wallet.amount_coin", { coin: "USDT" }), { exact: true });
  await creditedUser(page);
  await page.goto("/");
  await page.getByRole("link", { name: t("common.tabs.assets") }).click();
  await expect(page).toHaveURL(/\/asset$/);
  await expect(page.getByTestId("total-usdt")).toHaveText(`${n.usdt("1000")} USDT`);
  await expect(row(page, "USDT")).toContainText(available("1000"));

  // Hide balances, then show them again; hide the small ones (the coins at zero).
  await page.getByRole("button", { name: t("wallet.hide_balances") }).click();
  await expect(page.getByTestId("total-usdt")).toHaveText("**** USDT");
  await expect(row(page, "USDT")).not.toContainText("1000");
  await page.getByRole("button", { name: t("wallet.hide_balances") }).click();
  await expect(page.getByTestId("total-usdt")).toHaveText(`${n.usdt("1000")} USDT`);
  await expect(row(page, "BTC")).toBeVisible();
  // With JavaScript the switch turns at once and saves in the background: wait for the save.
  // (This switch's own post: the balance switch's may still be answering.)
  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && (r.request().postData() ?? "").includes("pref=small"),
  );
  await page.getByRole("switch", { name: t("wallet.hide_small") }).click();
  await saved;
  await expect(row(page, "BTC")).toHaveCount(0);
  await expect(row(page, "USDT")).toBeVisible();
  // Kept in a cookie: still so on the next visit.
  await page.reload();
  await expect(page.getByRole("switch", { name: t("wallet.hide_small") })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(row(page, "BTC")).toHaveCount(0);
  await page.getByRole("switch", { name: t("wallet.hide_small") }).click();
  await expect(row(page, "BTC")).toBeVisible();

  // Transfer 250 USDT to the contract account: too much first, then right.
  await page
    .getByRole("navigation", { name: t("wallet.shortcuts") })
    .getByRole("link", { name: t("wallet.actions.transfer"), exact: true })
    .click();
  await expect(page).toHaveURL(/\/transfer$/);
  await expect(page.getByTestId("transfer-from")).toHaveText(t("wallet.wallet_names.spot"));
  await expect(page.getByTestId("transfer-to")).toHaveText(t("wallet.wallet_names.contract"));
  await expect(
    page.getByText(t("wallet.available_amount", { amount: n.amount("1000"), coin: "USDT" })),
  ).toBeVisible();
  await amount().fill("5000");
  await page.getByRole("button", { name: t("wallet.transfer_submit"), exact: true }).click();
  await expect(page.getByRole("alert")).toContainText(t("messages.wallet.insufficient"));
  await amount().fill("abc");
  await page.getByRole("button", { name: t("wallet.transfer_submit"), exact: true }).click();
  await expect(page.getByText(t("messages.wallet.amount_invalid"))).toBeVisible();
  await amount().fill("250");
  await page.getByRole("button", { name: t("wallet.transfer_submit"), exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.wallet.transferred"));
  await expect(page).toHaveURL(/\/asset\?wallet=contract$/);
  await expect(row(page, "USDT")).toContainText(available("250"));
  // And back: the swap link turns the direction round.
  await page.goto("/transfer");
  await page.getByRole("link", { name: t("wallet.swap") }).click();
  await expect(page.getByTestId("transfer-from")).toHaveText(t("wallet.wallet_names.contract"));
  await expect(
    page.getByText(t("wallet.available_amount", { amount: n.amount("250"), coin: "USDT" })),
  ).toBeVisible();
  await page.getByRole("link", { name: t("wallet.all"), exact: true }).click();
  await expect(amount()).toHaveValue(/^250(\.0+)?$/);
  await amount().fill("50");
  await page.getByRole("button", { name: t("wallet.transfer_submit"), exact: true }).click();
  await expect(page).toHaveURL(/\/asset\?wallet=spot$/);
  await expect(row(page, "USDT")).toContainText(available("800"));

  // Convert 100 USDT to BTC: a quote, then the conversion at its price.
  await page
    .getByRole("navigation", { name: t("wallet.shortcuts") })
    .getByRole("link", { name: t("wallet.actions.exchange"), exact: true })
    .click();
  await expect(page).toHaveURL(/\/exchange$/);
  await expect(page.getByLabel(t("wallet.from_coin"), { exact: true })).toHaveValue("USDT");
  await expect(page.getByLabel(t("wallet.to_coin"), { exact: true })).toHaveValue("BTC");
  await page.getByLabel(t("wallet.amount"), { exact: true }).fill("100");
  await page.getByRole("button", { name: t("wallet.get_quote") }).click();
  const quote = page.getByRole("region", { name: t("wallet.quote_title") });
  await expect(quote).toContainText(`${n.qty("100")} USDT`);
  await expect(quote).toContainText(
    pattern(t("wallet.rate_value", { from: "USDT", rate: "\u0000", to: "BTC" }), "[\\d.,\\s]+"),
  );
  await expect(quote).toContainText(
    new RegExp(
      `${pattern(t("wallet.expires_in", { seconds: "\u0000" }), "\\d+").source}|${pattern(t("wallet.valid_until", { seconds: 10, time: "\u0000" }), ".+").source}`,
    ),
  );
  const receive = (await page.getByTestId("quote-receive").innerText()).trim();
  expect(receive).toMatch(/^0[.,]\d+ BTC$/);
  await quote.getByRole("button", { name: t("wallet.convert"), exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.wallet.exchanged"));
  await expect(page).toHaveURL(/\/walletrecord\?id=exchange(:|%3A)/);
  await expect(page.getByTestId("record-status")).toHaveText(t("wallet.status_names.success"));
  await expect(page.getByText(`${n.qty("100")} USDT → ${receive}`)).toBeVisible();

  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText(available("700"));
  await expect(row(page, "BTC")).toContainText(`${t("wallet.available")}${receive.replace(" BTC", "")}`);

  // The records: the deposit, and the transfers and the conversion under "Other".
  await page.getByRole("link", { name: t("wallet.actions.records"), exact: true }).click();
  await expect(
    page.getByRole("link", {
      name: record(t("wallet.types.deposit"), n.amount("1000"), t("wallet.status_names.success")),
    }),
  ).toBeVisible();
  await page.getByRole("link", { name: t("wallet.kinds.other"), exact: true }).click();
  await expect(page.getByRole("link", { name: record(t("wallet.types.transfer")) })).toHaveCount(2);
  await page.getByRole("link", { name: record(t("wallet.types.exchange")) }).click();
  await expect(page.getByText(t("wallet.conversion"), { exact: true }).first()).toBeVisible();
  await page.goto("/walletrecord?kind=other");
  await page.getByRole("link", { name: record(t("wallet.types.transfer"), n.amount("250")) }).click();
  await expect(
    page.getByText(`${t("wallet.wallet_names.spot")} → ${t("wallet.wallet_names.contract")}`),
  ).toBeVisible();
  // Someone else's record, or none: not found.
  await page.goto("/walletrecord?id=withdrawal:999999");
  await expect(page.getByRole("heading", { name: t("common.errors.not_found_title") })).toBeVisible();
});

test("an expired quote is refused, and a new one is offered", async ({ page, t }, info) => {
  test.setTimeout(90_000);
  await creditedUser(page, "500");
  await page.goto("/exchange");
  await page.getByLabel(t("wallet.amount"), { exact: true }).fill("10");
  await page.getByRole("button", { name: t("wallet.get_quote") }).click();
  const quote = page.getByRole("region", { name: t("wallet.quote_title") });
  await expect(quote).toBeVisible();
  await page.waitForTimeout(31_000);
  if (info.project.name === "js") {
    // The countdown ran out: the page says so and offers a new quote instead of converting.
    await expect(quote.getByText(t("messages.wallet.quote_expired"))).toBeVisible();
    await expect(quote.getByRole("button", { name: t("wallet.convert"), exact: true })).toHaveCount(0);
  } else {
    await quote.getByRole("button", { name: t("wallet.convert"), exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(t("messages.wallet.quote_expired"));
  }
  await page.getByRole("button", { name: t("wallet.new_quote") }).click();
  await expect(page.getByRole("region", { name: t("wallet.quote_title") })).toContainText("10 USDT");
  await page
    .getByRole("region", { name: t("wallet.quote_title") })
    .getByRole("button", { name: t("wallet.convert"), exact: true })
    .click();
  await expect(page.getByRole("status")).toHaveText(t("messages.wallet.exchanged"));
});

test("deposit: address, QR code, memo, and a bank deposit waiting for review", async ({
  page,
  context,
  lang,
  t,
}, info) => {
  test.setTimeout(60_000);
  const n = numbers(lang);
  await registerByEmail(page);
  await page.goto("/");
  await page.getByRole("link", { name: t("home.shortcuts.recharge"), exact: true }).click();
  await expect(page).toHaveURL(/\/recharge$/);
  await expect(page.getByRole("link", { name: "USDT", exact: true })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("link", { name: "TRC20", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  const address = page.getByTestId("deposit-address");
  await expect(address).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(
    page.getByRole("img", { name: t("wallet.qr_label", { coin: "USDT", network: "TRC20" }) }).locator("svg"),
  ).toBeVisible();
  await expect(
    page.getByText(pattern(t("wallet.network_warning", { coin: "USDT", network: "TRC20" }))),
  ).toBeVisible();
  await expect(page.getByText(`${n.qty("1")} USDT`, { exact: true })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^20$/ })).toBeVisible();
  // The same address on every visit; another network, another address.
  const trc20 = await address.innerText();
  await page.getByRole("link", { name: "ERC20", exact: true }).click();
  await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await page.getByRole("link", { name: "TRC20", exact: true }).click();
  await expect(address).toHaveText(trc20);

  if (info.project.name === "js") {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: t("wallet.copy_address") }).click();
    await expect(page.locator(".toast")).toHaveText(t("common.copy.copied"));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trc20);
  } else {
    // No script: no copy button, the address is plain selectable text.
    await expect(page.getByRole("button", { name: t("wallet.copy_address") })).toHaveCount(0);
  }

  // XRP: one address for everyone, the memo tells deposits apart and is required.
  await page.getByRole("link", { name: "XRP", exact: true }).click();
  await expect(address).toHaveText(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
  await expect(page.getByTestId("deposit-memo")).toHaveText(/^\d+$/);
  await expect(page.getByText(t("wallet.memo_required_title"))).toBeVisible();

  // A bank deposit: a request waiting for the operator to confirm the payment.
  await page.getByRole("link", { name: t("wallet.recharge_fiat") }).click();
  await page.getByLabel(t("wallet.fiat_methods.ewallet"), { exact: true }).check();
  await page.getByLabel(t("wallet.fiat_amount"), { exact: true }).fill("5");
  await page.getByRole("button", { name: t("wallet.fiat_submit") }).click();
  await expect(page.getByText(t("messages.wallet.fiat_minimum", { minimum: 10 }))).toBeVisible();
  await page.getByLabel(t("wallet.fiat_amount"), { exact: true }).fill("50");
  await page.getByLabel(t("wallet.fiat_reference"), { exact: true }).fill("REF-2026");
  await page.getByRole("button", { name: t("wallet.fiat_submit") }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.wallet.fiat_submitted"));
  await expect(page.getByTestId("record-status")).toHaveText(t("wallet.status_names.pending"));
  await expect(page.getByText(t("wallet.fiat_methods.ewallet"), { exact: true })).toBeVisible();
  await expect(page.getByText("REF-2026")).toBeVisible();
});

test("withdraw: held back until the preconditions are met, then reviewed by the operator", async ({
  page,
  lang,
  t,
}, info) => {
  test.setTimeout(150_000);
  const n = numbers(lang);
  const amount = () => page.getByLabel(t("wallet.amount_coin", { coin: "USDT" }), { exact: true });
  const fund = () => page.getByLabel(t("wallet.fund_password"), { exact: true });
  const address = () => page.getByLabel(t("wallet.address", { network: "TRC20" }), { exact: true });
  const withdraw = () => page.getByRole("button", { name: t("wallet.withdraw_submit"), exact: true });
  const frozen = (value: string) => `${t("wallet.frozen")}${n.amount(value)}`;
  const email = await creditedUser(page);
  // The user's own deposit address is a valid TRC20 address to send to.
  await page.goto("/recharge");
  const target = (await page.getByTestId("deposit-address").innerText()).trim();

  // 1. A bound mobile number.
  await page.goto("/asset");
  await page
    .getByRole("navigation", { name: t("wallet.shortcuts") })
    .getByRole("link", { name: t("wallet.actions.withdraw"), exact: true })
    .click();
  await expect(page).toHaveURL(/\/withdraw$/);
  await expect(page.getByRole("alert")).toHaveText(t("messages.wallet.bind_phone_first"));
  await expect(fund()).toHaveCount(0);
  await expect(page.getByRole("link", { name: t("wallet.fix.phone") })).toHaveAttribute(
    "href",
    "/security?bind=phone",
  );
  // Bound through the platform's API (the security centre's own screen has its own tests).
  const token = (
    await (await page.request.post("/api/login", { data: { account: email, password: PASSWORD } })).json()
  ).data.token as string;
  const authorization = `Bearer ${token}`;
  const phone = uniquePhone();
  const sent = await page.request.get(`/api/captcha?type=bind&area_code=65&phone=${phone}`, {
    headers: { authorization },
  });
  expect(sent.status()).toBe(200);
  const bound = await page.request.post("/api/security/phone", {
    headers: { authorization },
    data: { area_code: "65", phone, code: await codeFor(page.request, `+65${phone}`) },
  });
  expect((await bound.json()).status_code).toBe(200);

  // 2. Primary verification, approved by the operator.
  await page.goto("/withdraw");
  await expect(page.getByRole("alert")).toHaveText(t("messages.wallet.primary_kyc_first"));
  await primaryVerifiedFromWithdraw(
    page,
    t,
    email,
    `W${Date.now().toString().slice(-7)}${info.project.name === "js" ? "J" : "N"}`,
  );

  // 3. A fund password.
  await page.goto("/withdraw");
  await expect(page.getByRole("alert")).toHaveText(t("messages.wallet.fund_password_first"));
  await page.getByRole("link", { name: t("wallet.fix.fund") }).click();
  await expect(page).toHaveURL(/\/modifyfundingpassword$/);
  await page.getByLabel(t("security.fund_new"), { exact: true }).fill(FUND);
  await page.getByLabel(t("security.fund_confirm"), { exact: true }).fill(FUND);
  await page.getByRole("button", { name: t("security.fund_set_submit") }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.security.fund_password_set"));

  // Now the form: amount, minimum, fee and what arrives.
  await page.goto("/withdraw");
  await expect(
    page.getByText(t("wallet.available_amount", { amount: n.amount("1000"), coin: "USDT" })),
  ).toBeVisible();
  await expect(page.getByText(`${n.qty("10")} USDT`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${n.qty("1")} USDT`, { exact: true })).toBeVisible();
  await address().fill("TNotAnAddress");
  await amount().fill("100");
  if (info.project.name === "js") {
    await expect(page.getByTestId("receive")).toHaveText(`${n.qty("99")} USDT`);
    await expect(page.getByRole("button", { name: t("wallet.calculate") })).toHaveCount(0);
  } else {
    await page.getByRole("button", { name: t("wallet.calculate") }).click();
    await expect(page.getByTestId("receive")).toHaveText(`${n.qty("99")} USDT`);
    await expect(amount()).toHaveValue("100");
  }
  await fund().fill(FUND);
  await withdraw().click();
  await expect(page.getByText(t("messages.wallet.address_invalid", { network: "TRC20" }))).toBeVisible();
  await address().fill(target);
  await amount().fill("5");
  await fund().fill(FUND);
  await withdraw().click();
  await expect(
    page.getByText(t("messages.wallet.below_minimum", { minimum: 10, coin: "USDT" })),
  ).toBeVisible();
  await address().fill(target);
  await amount().fill("100");
  await fund().fill("Wrong2026x");
  await withdraw().click();
  await expect(page.getByText(t("messages.wallet.fund_password_wrong"))).toBeVisible();
  // The server never sends a fund password back into a page.
  if (info.project.name === "nojs") await expect(fund()).toHaveValue("");
  await address().fill(target);
  await amount().fill("100");
  await fund().fill(FUND);
  await withdraw().click();
  await expect(page.getByRole("status")).toHaveText(t("messages.wallet.withdraw_submitted"));
  await expect(page).toHaveURL(/\/walletrecord\?id=withdrawal(:|%3A)\d+$/);
  await expect(page.getByTestId("record-status")).toHaveText(t("wallet.status_names.pending"));
  await expect(page.getByText(target)).toBeVisible();
  await expect(page.getByText(`${n.amount("99")} USDT`, { exact: true })).toBeVisible();
  const id = /withdrawal(?::|%3A)(\d+)/.exec(page.url())?.[1] ?? "";

  // The amount is frozen while it waits.
  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText(`${t("wallet.available")}${n.amount("900")}`);
  await expect(row(page, "USDT")).toContainText(frozen("100"));

  // The operator approves: the record says so, and the frozen amount has left.
  expect(ops("withdrawal", "approve", id, "--txid", `0xe2e${id}`)).toMatch(/approved/);
  await page.goto("/walletrecord?kind=withdraw");
  await page
    .getByRole("link", {
      name: record(t("wallet.types.withdrawal"), n.amount("100"), t("wallet.status_names.success")),
    })
    .click();
  await expect(page.getByTestId("record-status")).toHaveText(t("wallet.status_names.success"));
  await expect(page.getByText(`0xe2e${id}`)).toBeVisible();
  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText(frozen("0"));
  await expect(page.getByTestId("total-usdt")).toHaveText(`${n.usdt("900")} USDT`);

  // Fiat: the same withdrawal, paid out to a saved bank card; the operator rejects it.
  await page.goto("/withdraw?tab=fiat");
  await expect(page.getByText(t("wallet.no_payment_methods"))).toBeVisible();
  const card = await page.request.post("/api/user/payment_methods/add", {
    headers: { authorization },
    data: { kind: "bank", holder: "Wei Tan", provider: "DBS", account: "1234567890", payment_password: FUND },
  });
  expect(card.status()).toBe(200);
  await page.goto("/withdraw?tab=fiat");
  await expect(page.getByRole("radio", { name: /DBS \*{4}7890/ })).toBeChecked();
  await amount().fill("10");
  await fund().fill(FUND);
  await withdraw().click();
  await expect(
    page.getByText(t("messages.wallet.below_minimum", { minimum: 20, coin: "USDT" })),
  ).toBeVisible();
  await amount().fill("50");
  if (info.project.name === "js") await expect(page.getByTestId("receive")).toHaveText(`${n.qty("48")} USDT`);
  await fund().fill(FUND);
  await withdraw().click();
  await expect(page).toHaveURL(/\/walletrecord\?id=withdrawal(:|%3A)\d+$/);
  await expect(page.getByTestId("record-status")).toHaveText(t("wallet.status_names.pending"));
  await expect(page.getByText("DBS ****7890")).toBeVisible();
  const fiatId = /withdrawal(?::|%3A)(\d+)/.exec(page.url())?.[1] ?? "";
  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText(frozen("50"));
  expect(ops("withdrawal", "reject", fiatId, "--reason", "Name mismatch")).toMatch(/rejected/);
  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText(frozen("0"));
  await expect(page.getByTestId("total-usdt")).toHaveText(`${n.usdt("900")} USDT`);
});
