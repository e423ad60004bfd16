import { TINY_JPEG } from "../support/images.ts";
import { applicationOf, submitPrimary as submitKyc } from "./kyc.ts";
import { ops } from "./ops.ts";
import { literally, type say } from "./say.ts";
import { expect, type Page, registerByEmail, test } from "./support.ts";

// Identity verification with JavaScript on and off: the user submits, sees it under review, the
// operator decides with `npm run ops -- kyc …` (through the e2e server's operator endpoint) and
// the user sees the result. In English (js) and in the journey's language (nojs,
// tests/e2e/journeys.ts).

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
// A whole JPEG: uploads read the header and refuse one cut short.
const JPEG = TINY_JPEG;

async function submitPrimary(page: Page, t: ReturnType<typeof say>, idNumber: string) {
  await submitKyc(page, t, idNumber);
  await expect(page).toHaveURL(/\/verify$/);
}

test("primary and advanced verification, reviewed by the operator CLI", async ({ page, t }, info) => {
  // Several operator commands, each a process of its own: give it time.
  test.setTimeout(240_000);
  const email = await registerByEmail(page);
  const idNumber = `E${Date.now().toString().slice(-7)}${info.project.name === "js" ? "J" : "N"}`;
  await page.goto("/center");
  await page.getByRole("link", { name: t("account.menu.verify") }).click();
  await expect(page).toHaveURL(/\/verify$/);
  const primary = page.getByRole("region", { name: t("kyc.primary_title") });
  const advanced = page.getByRole("region", { name: t("kyc.advanced_title") });
  await expect(primary.getByText(t("kyc.state.unauthenticated"))).toBeVisible();
  await expect(advanced.getByText(t("kyc.advanced_locked"))).toBeVisible();

  await primary.getByRole("link", { name: t("kyc.start_primary") }).click();
  await page.getByRole("button", { name: t("kyc.submit") }).click();
  await expect(page.getByText(t("messages.kyc.country_invalid"))).toBeVisible();
  await submitPrimary(page, t, idNumber);
  await expect(primary.getByText(t("kyc.state.pending"))).toBeVisible();

  // The operator rejects it, with a reason the user reads.
  ops("kyc", "reject", applicationOf(email), "--reason", "The name does not match the document");
  await page.reload();
  await expect(primary.getByText(t("kyc.state.rejected"), { exact: true })).toBeVisible();
  await expect(
    primary.getByText(t("kyc.rejected_reason", { reason: "The name does not match the document" })),
  ).toBeVisible();
  await primary.getByRole("link", { name: t("kyc.resubmit") }).click();
  await submitPrimary(page, t, idNumber);
  ops("kyc", "approve", applicationOf(email));
  await page.reload();
  await expect(primary.getByText(t("kyc.state.authenticated"), { exact: true })).toBeVisible();

  // Advanced: three images of at most 2 MB, checked for what they really are.
  await advanced.getByRole("link", { name: t("kyc.start_advanced") }).click();
  await expect(page).toHaveURL(/\/verifyinfo$/);
  await page
    .getByLabel(t("kyc.front"), { exact: true })
    .setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG });
  await page.getByLabel(t("kyc.back"), { exact: true }).setInputFiles({
    name: "back.png",
    mimeType: "image/png",
    buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
  });
  await page.getByLabel(t("kyc.holding"), { exact: true }).setInputFiles({
    name: "holding.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html>not a photo</html>"),
  });
  await page.getByRole("button", { name: t("kyc.submit") }).click();
  await expect(page.getByText(t("messages.uploads.too_large"))).toBeVisible();
  await page
    .getByLabel(t("kyc.front"), { exact: true })
    .setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG });
  await page
    .getByLabel(t("kyc.back"), { exact: true })
    .setInputFiles({ name: "back.jpg", mimeType: "image/jpeg", buffer: JPEG });
  await page.getByLabel(t("kyc.holding"), { exact: true }).setInputFiles({
    name: "holding.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html>not a photo</html>"),
  });
  await page.getByRole("button", { name: t("kyc.submit") }).click();
  await expect(page.getByText(t("messages.uploads.not_image"))).toBeVisible();
  await page
    .getByLabel(t("kyc.front"), { exact: true })
    .setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG });
  await page
    .getByLabel(t("kyc.back"), { exact: true })
    .setInputFiles({ name: "back.jpg", mimeType: "image/jpeg", buffer: JPEG });
  await page
    .getByLabel(t("kyc.holding"), { exact: true })
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: t("kyc.submit") }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.kyc.submitted"));
  await expect(advanced.getByText(t("kyc.state.pending"))).toBeVisible();

  const advancedId = applicationOf(email);
  expect(ops("kyc", "show", advancedId)).toMatch(/front: .*uploads.*\.png \(image\/png/);
  ops("kyc", "approve", advancedId);
  await page.reload();
  await expect(advanced.getByText(t("kyc.state.authenticated"), { exact: true })).toBeVisible();
  await page.goto("/security");
  await expect(
    page.getByRole("link", {
      name: new RegExp(
        `${literally(t("security.row_verify")).source}\\s+${literally(t("security.kyc_state.authenticated")).source}`,
      ),
    }),
  ).toBeVisible();
});
