import { expect, type Page } from '@playwright/test'

/**
 * Presses "Pay ₦…" on an invoice page, then pays on the sandbox gateway's page (it behaves like Flutterwave
 * Standard's hosted page); answers once the browser is back on the invoice by its link with the gateway's
 * status and reference.
 */
export async function payThroughSandbox(page: Page, amount: string) {
  await page.getByRole('button', { name: `Pay ${amount}` }).click()
  await expect(page).toHaveURL(/\/api\/pay\/sandbox\/GS-/)
  await expect(page.locator('.amount')).toHaveText(amount)
  await page.getByRole('button', { name: /^Pay ₦/ }).click()
  await expect(page).toHaveURL(/\/i\/invoice\.[^?]+\?status=successful&tx_ref=GS-/)
}
