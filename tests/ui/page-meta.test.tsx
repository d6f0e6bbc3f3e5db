// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { PageMeta } from '../../src/components/ui/page-meta'

afterEach(cleanup)

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content')

test('the deepest title on screen names the tab; when it leaves, the route around it names it again', () => {
  document.head.innerHTML = '<title>Shell</title><meta name="description" content="The site.">'
  const page = (inner: boolean) => (
    <PageMeta title="Book" description="Book a visit.">
      {inner && <PageMeta title="No access" />}
    </PageMeta>
  )
  const { rerender, unmount } = render(page(true))
  expect(document.title).toBe('No access | GreenShield')
  // No description of its own: the site's, not the route's around it.
  expect(description()).toBe('The site.')
  rerender(page(false))
  expect(document.title).toBe('Book | GreenShield')
  expect(description()).toBe('Book a visit.')
  unmount()
  expect(document.head.querySelectorAll('title')).toHaveLength(1)
})

test('on a prerendered page, a route without a description shows the site’s, not the first page’s', () => {
  // What the prerender writes for /about: its own description, the site's kept beside it.
  document.head.innerHTML =
    '<title>About | GreenShield</title><meta name="description" content="About us." data-site-description="Pest control across Nigeria.">'
  const { rerender, unmount } = render(<PageMeta title="About" description="About us." />)
  expect(description()).toBe('About us.')
  rerender(<PageMeta title="Cart" />)
  expect(document.title).toBe('Cart | GreenShield')
  expect(description()).toBe('Pest control across Nigeria.')
  unmount()
})
