// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { TESTIMONIALS } from '../../src/features/marketing/content/testimonials'
import {
  TESTIMONIAL_INTERVAL_MS,
  TestimonialsCarousel,
} from '../../src/features/marketing/components/testimonials-carousel'
import { FaqAccordion } from '../../src/features/marketing/components/faq-accordion'

const shownName = () => screen.getByRole('group').querySelector('figcaption span span')?.textContent

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('testimonials carousel', () => {
  test('the interval is 5000 ms', () => expect(TESTIMONIAL_INTERVAL_MS).toBe(5000))

  test('advances every 5000 ms, not before, and wraps round', () => {
    render(<TestimonialsCarousel />)
    expect(shownName()).toBe(TESTIMONIALS[0].name)
    act(() => vi.advanceTimersByTime(4999))
    expect(shownName()).toBe(TESTIMONIALS[0].name)
    act(() => vi.advanceTimersByTime(1))
    expect(shownName()).toBe(TESTIMONIALS[1].name)
    act(() => vi.advanceTimersByTime(5000 * (TESTIMONIALS.length - 1)))
    expect(shownName()).toBe(TESTIMONIALS[0].name)
  })

  test.each([
    ['next', () => fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' })), 1],
    ['previous', () => fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' })), -1],
    ['a dot', () => fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 3' })), 2],
  ])('pressing %s shows that slide and stops the auto-advance', (_name, press, target) => {
    render(<TestimonialsCarousel />)
    act(() => vi.advanceTimersByTime(2000))
    act(press)
    const expected = TESTIMONIALS[(target + TESTIMONIALS.length) % TESTIMONIALS.length].name
    expect(shownName()).toBe(expected)
    act(() => vi.advanceTimersByTime(60_000))
    expect(shownName()).toBe(expected)
  })
})

describe('FAQ accordion', () => {
  test('six questions, each a button with aria-expanded that shows its answer', () => {
    render(<FaqAccordion />)
    const questions = screen.getAllByRole('button')
    expect(questions).toHaveLength(6)
    const second = questions[1]
    expect(second).toHaveAttribute('aria-expanded', 'false')
    const answer = document.getElementById(second.getAttribute('aria-controls')!)!
    expect(answer).not.toBeVisible()
    fireEvent.click(second)
    expect(second).toHaveAttribute('aria-expanded', 'true')
    expect(answer).toBeVisible()
    expect(questions[0]).toHaveAttribute('aria-expanded', 'false')
  })
})
