// @vitest-environment jsdom
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ApiError, NetworkError } from '../../src/lib/api-client'
import { QuantityStepper } from '../../src/features/shop/components/quantity-stepper'
import { clampQuantity } from '../../src/features/shop/quantity'

// Checkout talks to the API only through these two calls; the tests decide what the server answers.
const api = vi.hoisted(() => ({ updateCart: vi.fn(), initiatePayment: vi.fn() }))
vi.mock('../../src/features/shop/api', () => api)
const { Checkout } = await import('../../src/features/shop/components/checkout')

afterEach(cleanup)

describe('cart quantity controls', () => {
  function Harness({ start, stock }: { start: number; stock: number }) {
    const [quantity, setQuantity] = useState(start)
    return <QuantityStepper label="Cockroach Gel" quantity={quantity} stock={stock} onChange={setQuantity} />
  }
  const quantity = () => screen.getByLabelText('Quantity of Cockroach Gel')
  const plus = () => screen.getByRole('button', { name: 'Increase quantity of Cockroach Gel' })
  const minus = () => screen.getByRole('button', { name: 'Decrease quantity of Cockroach Gel' })

  it('never goes below 1', async () => {
    const ui = userEvent.setup()
    render(<Harness start={2} stock={5} />)
    await ui.click(minus())
    expect(quantity()).toHaveTextContent('1')
    expect(minus()).toBeDisabled()
    await ui.click(minus())
    expect(quantity()).toHaveTextContent('1')
  })

  it('never goes above the stock', async () => {
    const ui = userEvent.setup()
    render(<Harness start={1} stock={3} />)
    await ui.click(plus())
    await ui.click(plus())
    expect(quantity()).toHaveTextContent('3')
    expect(plus()).toBeDisabled()
    await ui.click(plus())
    expect(quantity()).toHaveTextContent('3')
  })

  it('clamps any number to 1..stock', () => {
    expect(clampQuantity(0, 5)).toBe(1)
    expect(clampQuantity(-3, 5)).toBe(1)
    expect(clampQuantity(9, 5)).toBe(5)
    expect(clampQuantity(3, 5)).toBe(3)
    expect(clampQuantity(Number.NaN, 5)).toBe(1)
    // Sold out since it was added: still at least 1; the server refuses it at checkout.
    expect(clampQuantity(4, 0)).toBe(1)
  })
})

describe('checkout', () => {
  const items = [{ id: 3, quantity: 2 }]
  const question = 'Your cart has 2 items totalling ₦9,000.00 before delivery. Proceed to payment?'
  let goTo: ReturnType<typeof vi.fn<(url: string) => void>>
  beforeEach(() => {
    api.updateCart.mockReset()
    api.initiatePayment.mockReset()
    goTo = vi.fn<(url: string) => void>()
  })

  // The delivery step is pre-filled from a complete profile here; its own tests are below.
  const PROFILE = {
    name: 'Ada Customer',
    phone_number: '0803 123 4567',
    address: '14 Bode Thomas Street',
    city: 'Surulere',
    state: 'Lagos' as const,
  }
  async function openDialog(delivery: Record<string, string> = PROFILE) {
    const ui = userEvent.setup()
    api.updateCart.mockResolvedValue({ message: question })
    render(
      <Checkout
        items={items}
        goTo={goTo}
        itemsTotal={9000}
        delivery={delivery}
        fees={[
          { state: 'Lagos', fee: 1500 },
          { state: 'Kano', fee: null },
        ]}
      />,
    )
    await ui.click(screen.getByRole('button', { name: 'Checkout' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(question)
    expect(api.updateCart).toHaveBeenCalledWith(null, items)
    return { ui, dialog }
  }

  it("shows 'An error occured, please try again later' when the cart cannot be updated", async () => {
    const ui = userEvent.setup()
    api.updateCart.mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')))
    render(<Checkout items={items} goTo={goTo} />)
    await ui.click(screen.getByRole('button', { name: 'Checkout' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occured, please try again later')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it("adds the server's reason when it refused the quantities", async () => {
    const ui = userEvent.setup()
    api.updateCart.mockRejectedValue(new ApiError(400, 'Only 1 of Cockroach Gel left', {}))
    render(<Checkout items={items} goTo={goTo} />)
    await ui.click(screen.getByRole('button', { name: 'Checkout' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('An error occured, please try again later')
    expect(alert).toHaveTextContent('Only 1 of Cockroach Gel left')
  })

  it('Proceed goes to the payment_url', async () => {
    const { ui, dialog } = await openDialog()
    api.initiatePayment.mockResolvedValue({ payment_url: 'http://localhost/api/pay/sandbox/GS-1' })
    await ui.click(within(dialog).getByRole('button', { name: 'Proceed' }))
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('http://localhost/api/pay/sandbox/GS-1'))
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled()
  })

  it("shows 'Payment initiation failed.' when the server does not answer 200", async () => {
    const { ui, dialog } = await openDialog()
    api.initiatePayment.mockRejectedValue(new ApiError(409, 'Only 1 of Cockroach Gel left', {}))
    await ui.click(within(dialog).getByRole('button', { name: 'Proceed' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Payment initiation failed.')
    expect(goTo).not.toHaveBeenCalled()
    expect(within(dialog).getByRole('button', { name: 'Proceed' })).toBeEnabled()
  })

  it("shows 'An error occurred. Please try again.' when the call throws", async () => {
    const { ui, dialog } = await openDialog()
    api.initiatePayment.mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')))
    await ui.click(within(dialog).getByRole('button', { name: 'Proceed' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An error occurred. Please try again.')
  })

  it('shows the returned message in red italic when there is no payment_url', async () => {
    const { ui, dialog } = await openDialog()
    api.initiatePayment.mockResolvedValue({ message: 'Your cart is empty.' })
    await ui.click(within(dialog).getByRole('button', { name: 'Proceed' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Your cart is empty.')
    expect(alert).toHaveClass('italic', 'text-red-600')
    expect(goTo).not.toHaveBeenCalled()
  })

  it('Cancel closes the dialog without starting a payment', async () => {
    const { ui, dialog } = await openDialog()
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.initiatePayment).not.toHaveBeenCalled()
  })
})

describe('checkout: the delivery step', () => {
  beforeEach(() => {
    api.updateCart.mockReset()
    api.initiatePayment.mockReset()
    api.updateCart.mockResolvedValue({ message: 'Your cart has 2 items totalling ₦9,000.00.' })
  })

  it('asks where to deliver: an empty profile gets field errors and no payment starts', async () => {
    const ui = userEvent.setup()
    render(
      <Checkout items={[{ id: 3, quantity: 2 }]} itemsTotal={9000} delivery={{}} fees={[]} goTo={vi.fn()} />,
    )
    await ui.click(screen.getByRole('button', { name: 'Checkout' }))
    const dialog = await screen.findByRole('dialog')
    await ui.click(within(dialog).getByRole('button', { name: 'Proceed' }))
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name is required')
    expect(within(dialog).getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Phone number is required',
    )
    expect(within(dialog).getByLabelText('State')).toHaveAccessibleDescription('Choose a state')
    expect(api.initiatePayment).not.toHaveBeenCalled()
    // An incomplete profile: saving the details back is offered ticked.
    expect(within(dialog).getByLabelText('Save these details to my profile')).toBeChecked()
  })

  it('shows the fee of the chosen state (or "to be agreed") and sends the details with the choice to save', async () => {
    const ui = userEvent.setup()
    const goTo = vi.fn()
    api.initiatePayment.mockResolvedValue({ payment_url: 'http://localhost/api/pay/sandbox/GS-9' })
    render(
      <Checkout
        items={[{ id: 3, quantity: 2 }]}
        itemsTotal={9000}
        delivery={{ name: 'Ada Customer', phone_number: '0803 123 4567', address: '14 Bode Thomas Street' }}
        fees={[
          { state: 'Lagos', fee: 1500 },
          { state: 'Kano', fee: null },
        ]}
        goTo={goTo}
      />,
    )
    await ui.click(screen.getByRole('button', { name: 'Checkout' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Ada Customer')
    await ui.type(within(dialog).getByLabelText('Landmark (optional)'), 'Near the market')
    await ui.type(within(dialog).getByLabelText('City / town'), 'Surulere')
    await ui.selectOptions(within(dialog).getByLabelText('State'), 'Kano')
    expect(within(dialog).getByText(/Delivery fee to be agreed/)).toBeInTheDocument()
    expect(within(dialog).getByTestId('checkout-total')).toHaveTextContent('₦9,000.00')
    await ui.selectOptions(within(dialog).getByLabelText('State'), 'Lagos')
    expect(within(dialog).getByTestId('checkout-total')).toHaveTextContent('₦10,500.00')
    // A profile without its city and state is worth completing: the box starts ticked.
    expect(within(dialog).getByLabelText('Save these details to my profile')).toBeChecked()
    await ui.click(within(dialog).getByRole('button', { name: 'Proceed' }))
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('http://localhost/api/pay/sandbox/GS-9'))
    expect(api.initiatePayment).toHaveBeenCalledWith({
      delivery: {
        name: 'Ada Customer',
        phone_number: '+2348031234567',
        address: '14 Bode Thomas Street',
        landmark: 'Near the market',
        city: 'Surulere',
        state: 'Lagos',
      },
      save_to_profile: true,
    })
  })
})
