import { ops } from "./ops.ts";
import { expect, registerByEmail, test } from "./support.ts";

// Proof of reserves (issue 11): the operator publishes a snapshot; a customer finds their leaf,
// sees the server's check, verifies in the browser (with JavaScript) and downloads the proof.

test("a customer checks their balance against the published root", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const email = await registerByEmail(page);
  expect(ops("deposit", "--account", email, "--coin", "USDT", "--amount", "321.5")).toMatch(/credited/);
  const published = ops("reserves", "publish");
  const [, ours, root] = /Snapshot (\d+): root ([0-9a-f]{64})/.exec(published) ?? [];
  expect(root).toBeTruthy();

  await page.goto("/reserves");
  const heading = page.getByRole("heading", { name: /Snapshot #\d+/ });
  await expect(heading).toBeVisible();
  // The other project's journey may publish a newer snapshot meanwhile: the page shows the
  // latest, ours or a later one (which holds this customer's balance too), with its own root.
  const shown = Number(/#(\d+)/.exec((await heading.textContent()) ?? "")?.[1]);
  expect(shown).toBeGreaterThanOrEqual(Number(ours));
  const latestRoot = (await (await page.request.get("/api/reserves")).json()).data.latest.root_hash as string;
  const pageRoot = (shown === Number(ours) ? root : latestRoot) as string;
  await expect(page.getByText(pageRoot)).toBeVisible();
  const mine = page.locator("section", {
    has: page.getByRole("heading", { name: "Your balances in this snapshot" }),
  });
  await expect(mine.getByText("USDT")).toBeVisible();
  await expect(mine.getByText("321.5", { exact: true })).toBeVisible();
  await expect(mine.getByText(/Checked on our server: your leaf leads to the published root/)).toBeVisible();

  if (javaScriptEnabled) {
    await mine.getByRole("button", { name: "Verify in this browser" }).click();
    await expect(
      mine.getByText(`Verified in your browser: the recomputed root ${pageRoot.slice(0, 16)}… matches.`),
    ).toBeVisible();
  } else {
    await expect(mine.getByRole("button", { name: "Verify in this browser" })).toHaveCount(0);
  }

  const proof = await page.request.get("/reserves/proof.json");
  expect(proof.status()).toBe(200);
  const body = await proof.json();
  expect(body).toMatchObject({ balances: { USDT: "321.5" } });
  expect(body.root.hash).toMatch(/^[0-9a-f]{64}$/);
});

test("a visitor sees the published root and is asked to log in for their own proof", async ({ page }) => {
  ops("reserves", "publish");
  await page.goto("/reserves");
  await expect(page.getByText("Root hash")).toBeVisible();
  await page.getByRole("link", { name: "Log in to check your own balances" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Freserves/);
});
