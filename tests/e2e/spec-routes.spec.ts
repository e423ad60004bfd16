import { expect, PASSWORD, registerByEmail, test } from "./support.ts";

// The spec's bare routes (section 2) open something useful, not an error page.

test("/notice without an id shows the notices to choose from", async ({ page }) => {
  await registerByEmail(page); // /notice is for signed-in users (the spec's whitelist)
  const response = await page.goto("/notice");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/noticelist$/);
  await expect(page.getByRole("heading", { name: "Notices" })).toBeVisible();
  await expect(page.getByText("Please check the highlighted fields")).toHaveCount(0);
  await page.getByRole("list", { name: "Notices" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/notice\?/);
});

test("/orderdetails without a query shows the latest orders to pick from", async ({ page }) => {
  const email = await registerByEmail(page);
  const empty = await page.goto("/orderdetails");
  expect(empty?.status()).toBe(200);
  await expect(page.getByText("Choose an order to see its details")).toBeVisible();
  await expect(page.getByText("No trades yet")).toBeVisible();

  // A resting spot order, placed through the API with demo funds.
  const token = (
    await (await page.request.post("/api/login", { data: { account: email, password: PASSWORD } })).json()
  ).data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  expect((await page.request.post("/api/wallet/faucet", { headers })).status()).toBe(200);
  const placed = await page.request.post("/api/spot/order", {
    headers,
    data: { code: "btc/usdt", side: "buy", type: "limit", quantity: "0.01", price: "1000" },
  });
  expect(placed.status()).toBe(200);
  const id = (await placed.json()).data.id as number;

  await page.goto("/orderdetails");
  const latest = page.getByRole("list", { name: "Latest orders" });
  await latest.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/orderdetails\\?id=${id}$`));
  await expect(page.getByRole("heading", { name: /BTC\/USDT/ })).toBeVisible();
});
