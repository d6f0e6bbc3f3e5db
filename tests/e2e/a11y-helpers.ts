/**
 * Accessibility checks shared by the accessibility and keyboard specs: axe-core's scan (serious and critical
 * violations, printed readably), sideways scrolling and clipped text.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'
import { E2E } from './env'

// axe-core's own script, evaluated through the DevTools protocol: the page's CSP forbids injected <script> tags.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1366, height: 900 }
export const NARROW = { width: 320, height: 640 }

type Violation = { id: string; impact: string; help: string; nodes: { target: string; summary: string }[] }

/** The page's serious and critical axe violations, one readable block each (empty when there are none). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      // WCAG 2.5.3 (label in name) is one of axe's experimental rules: off unless asked for.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.join(' '),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        })),
      }))
  })
  // The first few elements of each: a card grid repeats the same fault on every card.
  return (violations as Violation[]).map(
    (v) =>
      `  ${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 4)
        .map((n) => `    ${n.target}\n      ${n.summary}`)
        .join('\n') +
      (v.nodes.length > 4 ? `\n    ...and ${v.nodes.length - 4} more` : ''),
  )
}

/** Fails (softly: every scan of a test is reported) on any serious or critical violation of what is shown. */
export async function expectNoAxeViolations(page: Page, what: string) {
  // Colours read mid-transition (a tab just left, a dialog's backdrop fading) are neither the old nor the new.
  // (A spinner's endless animation is left out: it never finishes.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  )
  const found = await axeViolations(page)
  // Printed as found too: a long sweep shows its progress, and a later timeout does not hide what was seen.
  if (found.length) console.log(`${what} at ${page.viewportSize()?.width}px:\n${found.join('\n')}`)
  expect.soft(found.length, `${what} at ${page.viewportSize()?.width}px:\n${found.join('\n')}\n`).toBe(0)
}

/** The page is drawn: its chunk and first answers arrived (no "Loading..."), fonts and images settled. */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('status').filter({ hasText: /^Loading\.\.\.$/ })).toHaveCount(0)
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

/** How far the page scrolls sideways beyond the viewport, in CSS pixels (0 when it does not). */
export function sidewaysOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

/** The innermost elements that stick out past the viewport's right edge: what to fix when a page scrolls sideways. */
export function elementsPastTheEdge(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    // A box that clips or scrolls sideways keeps what is past its edge off the page's own width.
    const contained = (el: Element) => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible') return true
      return false
    }
    const past = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (el) =>
        el.checkVisibility() &&
        el.getBoundingClientRect().right > width + 1 &&
        !el.closest('.sr-only') &&
        !contained(el),
    )
    return past
      .filter((el) => !past.some((other) => other !== el && el.contains(other)))
      .slice(0, 6)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').slice(0, 70)} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
      )
  })
}

/**
 * Text that a box with overflow hidden (or clip) cuts off: each visible text's rectangle is checked against
 * every clipping ancestor. One-line ellipsis and line clamps are deliberate shortening and are left alone;
 * decorative overflow (a blurred blob past a section's edge) is not text and does not count.
 */
export function clippedText(page: Page) {
  return page.evaluate(() => {
    const cut = new Set<string>()
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!node.textContent?.trim() || !parent?.checkVisibility() || parent.closest('.sr-only')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) {
        if (rect.width === 0 || rect.height === 0) continue
        for (let box: HTMLElement | null = parent; box && box !== document.body; box = box.parentElement) {
          const style = getComputedStyle(box)
          const clips = (v: string) => v === 'hidden' || v === 'clip'
          if (!clips(style.overflowX) && !clips(style.overflowY)) continue
          if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') break
          const b = box.getBoundingClientRect()
          const outX = clips(style.overflowX) && (rect.left < b.left - 1 || rect.right > b.right + 1)
          const outY = clips(style.overflowY) && (rect.top < b.top - 1 || rect.bottom > b.bottom + 1)
          if (outX || outY) {
            cut.add(
              `${box.tagName.toLowerCase()}.${box.className.slice(0, 80)}: "${node.textContent.trim().slice(0, 50)}"`,
            )
            break
          }
        }
      }
    }
    return [...cut]
  })
}

/** Logs in through the form (the session cookie is then the context's). */
export async function logInAs(page: Page, who: 'admin' | 'customer' | 'staff') {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(E2E[who].email)
  await page.getByLabel('Password', { exact: true }).fill(E2E[who].password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).not.toHaveURL(/\/login$/)
}
