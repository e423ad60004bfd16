import { TINY_JPEG } from "../support/images.ts";
import { ops } from "./ops.ts";
import { expect, type Page, registerByEmail, test } from "./support.ts";

// Identity verification with JavaScript on and off: the user submits, sees it under review, the
// operator decides with `npm run ops -- kyc …` (through the e2e server's operator endpoint) and
// the user sees the result.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
// A whole JPEG: uploads read the header and refuse one cut short.
const JPEG = TINY_JPEG;

/** The newest application of this account (its id is the first column of `kyc list`). */
function applicationOf(email: string, status = "pending") {
  const line = ops("kyc", "list", "--status", status, "--user", email)
    .split("\n")
    .find((l) => l.includes(email));
  const id = line?.trim().split(/\s+/)[0];
  if (!id || !/^\d+$/.test(id)) throw new Error(`no ${status} application for ${email}`);
  return id;
}

async function submitPrimary(page: Page, idNumber: string) {
  await page.getByLabel("Issuing country").selectOption("SG");
  await page.getByLabel("Document type").selectOption("passport");
  await page.getByLabel("Full name").fill("Ana Lim");
  await page.getByLabel("Document number").fill(idNumber);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("status")).toHaveText("Submitted. Your verification is under review");
  await expect(page).toHaveURL(/\/verify$/);
}

test("primary and advanced verification, reviewed by the operator CLI", async ({ page }, info) => {
  // Several operator commands, each a process of its own: give it time.
  test.setTimeout(240_000);
  const email = await registerByEmail(page);
  const idNumber = `E${Date.now().toString().slice(-7)}${info.project.name === "js" ? "J" : "N"}`;
  await page.goto("/center");
  await page.getByRole("link", { name: "Identity verification" }).click();
  await expect(page).toHaveURL(/\/verify$/);
  const primary = page.getByRole("region", { name: "Primary verification" });
  const advanced = page.getByRole("region", { name: "Advanced verification" });
  await expect(primary.getByText("Not verified")).toBeVisible();
  await expect(advanced.getByText("Open once primary verification is approved.")).toBeVisible();

  await primary.getByRole("link", { name: "Verify now" }).click();
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Choose the country that issued your document")).toBeVisible();
  await submitPrimary(page, idNumber);
  await expect(primary.getByText("Under review")).toBeVisible();

  // The operator rejects it, with a reason the user reads.
  ops("kyc", "reject", applicationOf(email), "--reason", "The name does not match the document");
  await page.reload();
  await expect(primary.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(
    primary.getByText("Rejected: The name does not match the document. Correct it and submit again."),
  ).toBeVisible();
  await primary.getByRole("link", { name: "Submit again" }).click();
  await submitPrimary(page, idNumber);
  ops("kyc", "approve", applicationOf(email));
  await page.reload();
  await expect(primary.getByText("Verified", { exact: true })).toBeVisible();

  // Advanced: three images of at most 2 MB, checked for what they really are.
  await advanced.getByRole("link", { name: "Start advanced verification" }).click();
  await expect(page).toHaveURL(/\/verifyinfo$/);
  await page
    .getByLabel("Front of the document")
    .setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG });
  await page.getByLabel("Back of the document").setInputFiles({
    name: "back.png",
    mimeType: "image/png",
    buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
  });
  await page.getByLabel("You holding the document").setInputFiles({
    name: "holding.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html>not a photo</html>"),
  });
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("File exceeds 2M")).toBeVisible();
  await page
    .getByLabel("Front of the document")
    .setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG });
  await page
    .getByLabel("Back of the document")
    .setInputFiles({ name: "back.jpg", mimeType: "image/jpeg", buffer: JPEG });
  await page.getByLabel("You holding the document").setInputFiles({
    name: "holding.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html>not a photo</html>"),
  });
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Upload a JPEG, PNG or WebP image")).toBeVisible();
  await page
    .getByLabel("Front of the document")
    .setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG });
  await page
    .getByLabel("Back of the document")
    .setInputFiles({ name: "back.jpg", mimeType: "image/jpeg", buffer: JPEG });
  await page
    .getByLabel("You holding the document")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("status")).toHaveText("Submitted. Your verification is under review");
  await expect(advanced.getByText("Under review")).toBeVisible();

  const advancedId = applicationOf(email);
  expect(ops("kyc", "show", advancedId)).toMatch(/front: .*uploads.*\.png \(image\/png/);
  ops("kyc", "approve", advancedId);
  await page.reload();
  await expect(advanced.getByText("Verified", { exact: true })).toBeVisible();
  await page.goto("/security");
  await expect(page.getByRole("link", { name: /Identity verification\s+Verified/ })).toBeVisible();
});
