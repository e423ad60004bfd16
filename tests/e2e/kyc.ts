import { ops } from "./ops.ts";
import type { say } from "./say.ts";
import { expect, type Page } from "./support.ts";

/** The newest application of this account (its id is the first column of `kyc list`). */
export function applicationOf(email: string, status = "pending") {
  const line = ops("kyc", "list", "--status", status, "--user", email)
    .split("\n")
    .find((l) => l.includes(email));
  const id = line?.trim().split(/\s+/)[0];
  if (!id || !/^\d+$/.test(id)) throw new Error(`no ${status} application for ${email}`);
  return id;
}

/** Fills and sends the primary verification form the page shows, and waits for "submitted". */
export async function submitPrimary(
  page: Page,
  t: ReturnType<typeof say>,
  idNumber: string,
  name = "Ana Lim",
) {
  await page.getByLabel(t("kyc.country"), { exact: true }).selectOption("SG");
  await page.getByLabel(t("kyc.document_type"), { exact: true }).selectOption("passport");
  await page.getByLabel(t("kyc.real_name"), { exact: true }).fill(name);
  await page.getByLabel(t("kyc.id_number"), { exact: true }).fill(idNumber);
  await page.getByRole("button", { name: t("kyc.submit") }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.kyc.submitted"));
}

/**
 * From the withdrawal screen's "Verify your identity" link: the primary verification sent, then
 * approved by the operator (`npm run ops -- kyc approve ID`, as the README's try-out does).
 */
export async function primaryVerifiedFromWithdraw(
  page: Page,
  t: ReturnType<typeof say>,
  email: string,
  idNumber: string,
) {
  await page.getByRole("link", { name: t("wallet.fix.primary") }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await page
    .getByRole("region", { name: t("kyc.primary_title") })
    .getByRole("link", { name: t("kyc.start_primary") })
    .click();
  await submitPrimary(page, t, idNumber, "Wei Tan");
  ops("kyc", "approve", applicationOf(email));
}
