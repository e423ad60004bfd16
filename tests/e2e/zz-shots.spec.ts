import { ops } from "./ops.ts";
import { expect, PASSWORD, registerByEmail, test } from "./support.ts";

test.describe.configure({ timeout: 120_000 });

test("shots", async ({ page }, info) => {
  const dir = `/tmp/h17s/shots/${info.project.name}`;
  // Empty account: the funds notice, then the refusal at review.
  const email = await registerByEmail(page);
  await page.goto("/tradeing?code=btc/usdt&mode=contract");
  await page.getByTestId("funds-notice").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}-funds-contract.png` });
  await page.getByLabel("Quantity (BTC)").fill("0.01");
  await page.getByRole("button", { name: "Buy / Long" }).click();
  await expect(page.getByText(/Not enough USDT/)).toBeVisible();
  await page.getByText(/Not enough USDT/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}-funds-refused.png` });
  await page.goto("/tradeing?mode=timed");
  await page.getByTestId("funds-notice").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}-funds-timed.png` });
  await page.goto("/exchange?from=USDT&to=BTC");
  await page.screenshot({ path: `${dir}-funds-convert.png` });

  expect(ops("deposit", "--account", email, "--coin", "USDT", "--amount", "3000")).toMatch(/credited/);
  expect(ops("deposit", "--account", email, "--coin", "BTC", "--amount", "0.01")).toMatch(/credited/);
  const login = await page.request.post("/api/login", { data: { account: email, password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  await page.request.post("/api/wallet/transfer", {
    headers: { authorization: `Bearer ${token}` },
    data: { coin: "USDT", from: "spot", to: "contract", amount: "2000" },
  });
  // Marketable limit warning.
  await page.goto("/tradeing?code=btc/usdt&mode=spot&side=sell&type=limit");
  await page.getByLabel("Price (USDT)").fill("50000");
  await page.getByLabel("Quantity (BTC)").fill("0.001");
  await page.getByRole("button", { name: "Sell BTC" }).click();
  await expect(page.getByRole("dialog", { name: "Confirm order" })).toBeVisible();
  await page.screenshot({ path: `${dir}-fills-now.png` });
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toHaveText("Order placed");
  // A resting limit (rests, no fill) on the open orders list.
  await page.goto("/tradeing?code=btc/usdt&mode=spot&side=sell&type=limit");
  await page.getByLabel("Price (USDT)").fill("150000");
  await page.getByLabel("Quantity (BTC)").fill("0.002");
  await page.getByRole("button", { name: "Sell BTC" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toHaveText("Order placed");
  await page.goto("/tradeing?code=btc/usdt&mode=spot&tab=orders");
  await page.getByTestId("filled").first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}-open-order.png` });
  const history = await page.request.get("/api/spot/orders?status=history", {
    headers: { authorization: `Bearer ${token}` },
  });
  const [order] = (await history.json()).data.list;
  await page.goto(`/orderdetails?id=${order.id}`);
  await page.screenshot({ path: `${dir}-orderdetails.png`, fullPage: true });

  // Two positions, close confirmation and close all.
  for (const side of ["Buy / Long", "Sell / Short"]) {
    await page.goto("/tradeing?code=btc/usdt&mode=contract");
    await page.getByLabel("Quantity (BTC)").fill("0.01");
    await page.getByRole("button", { name: side }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status")).toHaveText("Order placed");
  }
  await page.goto("/tradeing?code=btc/usdt&mode=contract&tab=positions");
  await page.getByRole("button", { name: /^Close position \d+/ }).first().click();
  await expect(page.getByRole("dialog", { name: "Close this position?" })).toBeVisible();
  await page.screenshot({ path: `${dir}-close.png` });
  await page.goto("/tradeing?code=btc/usdt&mode=contract&tab=positions");
  await page.getByRole("button", { name: "Close all" }).click();
  await expect(page.getByRole("dialog", { name: "Close all positions?" })).toBeVisible();
  await page.screenshot({ path: `${dir}-close-all.png` });
  await page.goto("/tradeing?code=btc/usdt&mode=contract&tab=positions");
  await page.getByTestId("entry-price").first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}-positions.png` });
});
