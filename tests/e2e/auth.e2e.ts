import { expect, test } from '@playwright/test'
import { E2E } from './env'

test('a visitor registers, logs in, sees the user menu and logs out', async ({ page }) => {
  const email = `new-${Date.now()}@e2e.ng`
  await page.goto('/sign')
  await page.getByLabel('Full name').fill('Emeka Obi')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('a-strong-password')
  await page.getByRole('button', { name: 'Sign Up' }).click()

  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Registration successful! Please log in.')).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('a-strong-password')
  await page.getByRole('button', { name: 'Log in' }).click()

  await expect(page).toHaveURL(/\/$/)
  const menu = page.getByRole('button', { name: 'Emeka Obi' })
  await menu.click()
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible()
  await page.getByRole('menuitem', { name: 'Log Out' }).click()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
})

test('a wrong password shows the server message in red', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill(E2E.customer.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.')
})

test('the admin lands on /admin after logging in', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill(E2E.admin.email)
  await page.getByLabel('Password').fill(E2E.admin.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/admin$/)
})
