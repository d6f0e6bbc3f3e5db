// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { useState, type ReactNode } from 'react'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Link, MemoryRouter, Route, Routes, type InitialEntry } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { getCsrfToken } from '../../src/lib/api-client'
import { CartSection } from '../../src/features/shop/components/cart-section'
import { Modal } from '../../src/components/ui/modal'
import { PublicLayout } from '../../src/app/layouts/public-layout'
import { db } from '../../src/offline/db'
import Login, { SLOW_LOGIN_MS } from '../../src/features/account/pages/login'
import { DEADLINES } from '../../src/lib/http'
import { RoleGuard } from '../../src/app/role-guard'
import Sign from '../../src/features/account/pages/sign-up'
import ConfirmPayment from '../../src/features/shop/pages/confirm-payment'
import Orders from '../../src/features/orders/pages/orders'
import UserSettings from '../../src/features/account/pages/user-settings'
import { useSession } from '../../src/lib/session'
import { ADA_PROFILE, ADA_SESSION, json, mockFetch, setSession } from './public-helpers'

function renderAt(ui: ReactNode, entry: InitialEntry) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
  await Promise.all([db.cart.clear(), db.orders.clear()])
})

describe('session: a cold start without network keeps the last confirmed user', () => {
  test('remembered after a confirmed check, used offline, forgotten on a 401', async () => {
    mockFetch({ 'GET auth_check': json(200, ADA_SESSION) })
    await useSession.getState().checkAuth()

    // The next start: no network at all.
    useSession.setState({ status: 'loading', role: null, id: null, name: '', email: '' })
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await useSession.getState().checkAuth()
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', role: 'user', id: 42 })

    // Back online, the server says the session is over: logged out, and not remembered any more.
    mockFetch({ 'GET auth_check': json(401, { message: 'Not logged in', role: null }) })
    await useSession.getState().checkAuth()
    expect(useSession.getState()).toMatchObject({ status: 'anonymous', id: null })
    useSession.setState({ status: 'loading' })
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await useSession.getState().checkAuth()
    expect(useSession.getState()).toMatchObject({ status: 'anonymous', id: null })
  })
})

describe('session: only 401 and 403 mean "not logged in"', () => {
  const me = { message: 'authenticated', role: 'user', id: 42, name: 'Ada Obi', email: 'ada@example.ng' }

  test('a throttled auth check (429) keeps the user logged in, on a cold start too, until a 401 says otherwise', async () => {
    mockFetch({ 'GET auth_check': json(200, me) })
    await useSession.getState().checkAuth()
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', id: 42, confirmed: true })

    // Too many checks for now: the server has not said the session is over.
    const throttled = json(429, { message: 'Too many requests. Try again in a minute.' })
    mockFetch({ 'GET auth_check': throttled })
    await useSession.getState().checkAuth()
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', id: 42, confirmed: true })

    // The next start, still throttled: the remembered session opens the screens, as a guess.
    useSession.setState({ status: 'loading', role: null, id: null, name: '', email: '', confirmed: false })
    mockFetch({ 'GET auth_check': json(429, { message: 'Too many requests. Try again in a minute.' }) })
    await useSession.getState().checkAuth()
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', id: 42, confirmed: false })

    mockFetch({ 'GET auth_check': json(401, { message: 'Not logged in', role: null }) })
    await useSession.getState().checkAuth()
    expect(useSession.getState()).toMatchObject({
      status: 'anonymous',
      id: null,
      confirmed: true,
      message: 'Not logged in',
    })
  })

  test('a 403 from the auth check logs out like a 401', async () => {
    mockFetch({ 'GET auth_check': json(200, me) })
    await useSession.getState().checkAuth()
    mockFetch({ 'GET auth_check': json(403, { message: 'Forbidden' }) })
    await useSession.getState().checkAuth()
    expect(useSession.getState()).toMatchObject({ status: 'anonymous', id: null, confirmed: true })
    // Forgotten: the next cold start without network remembers nobody.
    useSession.setState({ status: 'loading', role: null, id: null, name: '', email: '', confirmed: false })
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await useSession.getState().checkAuth()
    expect(useSession.getState()).toMatchObject({ status: 'anonymous', id: null, confirmed: false })
  })
})

describe('session: a network that connects and never answers holds no screen', () => {
  test("the device's last session opens the screens at once; the server's later refusal logs out then", async () => {
    mockFetch({ 'GET auth_check': json(200, ADA_SESSION) })
    await useSession.getState().checkAuth()

    // The next start, on lie-fi: the check is sent and nothing comes back (yet).
    useSession.setState({ status: 'loading', role: null, id: null, name: '', email: '', confirmed: false })
    let answer!: (res: Response) => void
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    )
    const check = useSession.getState().checkAuth()
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', id: 42, confirmed: false })
    renderAt(
      <Routes>
        <Route path="/login" element={<p>Login page</p>} />
        <Route path="/book" element={<RoleGuard user={<p>Your appointments</p>} />} />
      </Routes>,
      '/book',
    )
    expect(screen.getByText('Your appointments')).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument()

    // The answer comes at last: this session is over on the server.
    answer(json(401, { message: 'Not logged in', role: null }))
    await check
    expect(useSession.getState()).toMatchObject({ status: 'anonymous', id: null, confirmed: true })
    expect(await screen.findByText('Login page')).toBeInTheDocument()
  })

  test('a check still under way when someone logs in does not overwrite the new session', async () => {
    useSession.setState({ status: 'anonymous', role: null, id: null, confirmed: true })
    let staleAnswer!: (res: Response) => void
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (staleAnswer = resolve))),
    )
    const stale = useSession.getState().checkAuth()
    const other = { ...ADA_SESSION, id: 43, name: 'Bola' }
    mockFetch({ 'POST login/': json(200, { message: 'user' }), 'GET auth_check': json(200, other) })
    await useSession.getState().login('bola@example.ng', 'password-1')
    staleAnswer(json(200, { message: 'Not logged in', role: null }))
    await stale
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', id: 43, confirmed: true })
  })
})

describe('login and sign-up', () => {
  beforeEach(() => setSession(null))

  test('a login the network does not answer says so after a few seconds and can be tried again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      let logins = 0
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          if (String(input).endsWith('/token')) return json(200, { token: 't' })
          if (String(input).endsWith('/login/')) logins++
          // Silent until the request is given up.
          return new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
          )
        }),
      )
      renderAt(<Login />, '/login')
      const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
      await ui.type(screen.getByLabelText('Email'), 'ada@example.ng')
      await ui.type(screen.getByLabelText('Password'), 'password-1')
      await ui.click(screen.getByRole('button', { name: 'Log in' }))
      expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled()
      await vi.advanceTimersByTimeAsync(SLOW_LOGIN_MS)
      expect(await screen.findByRole('status')).toHaveTextContent('The network is not answering yet')
      await ui.click(screen.getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(logins).toBe(2))

      // The second attempt is not answered either: at its deadline the page says so and keeps the input.
      await vi.advanceTimersByTimeAsync(DEADLINES.send)
      expect(await screen.findByRole('alert')).toHaveTextContent('The network is not answering.')
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.ng')
      expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled()
    } finally {
      vi.useRealTimers()
    }
  })

  test("shows the sign-up message; a refusal shows the server's words in red and keeps the input", async () => {
    mockFetch({ 'POST login/': json(401, { message: 'Invalid email or password' }) })
    renderAt(<Login />, { pathname: '/login', state: { message: 'Account created successfully' } })
    expect(screen.getByRole('status')).toHaveTextContent('Account created successfully')
    const email = screen.getByLabelText('Email')
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toBeRequired()
    expect(screen.getByLabelText('Password')).toBeRequired()

    const ui = userEvent.setup()
    await ui.type(email, 'ada@example.ng')
    await ui.type(screen.getByLabelText('Password'), 'wrong-password')
    await ui.click(screen.getByRole('button', { name: 'Log in' }))
    const error = await screen.findByRole('alert')
    expect(error).toHaveTextContent('Invalid email or password')
    expect(error).toHaveClass('text-red-600')
    expect(email).toHaveValue('ada@example.ng')
    // Issue 12: one answer on screen: the sign-up's success line goes when the error shows.
    expect(screen.queryByText('Account created successfully')).not.toBeInTheDocument()
  })

  test('after sign-up the login form has the email filled in', async () => {
    const calls = mockFetch({ 'POST register/': json(200, { message: 'Account created successfully' }) })
    renderAt(
      <Routes>
        <Route path="/sign" element={<Sign />} />
        <Route path="/login" element={<Login />} />
      </Routes>,
      '/sign',
    )
    const ui = userEvent.setup()
    await ui.type(screen.getByLabelText('Full name'), 'Ada Obi')
    await ui.type(screen.getByLabelText('Email'), 'ada@example.ng ')
    await ui.type(screen.getByLabelText('Password'), 'long-enough-1')
    await ui.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument()
    expect(calls.some((c) => c.path === 'register/')).toBe(true)
    expect(screen.getByRole('status')).toHaveTextContent('Account created successfully')
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.ng')
  })

  test.each(['/login', '/sign'])('a logged-in user opening %s is sent on', (path) => {
    setSession('user', 7)
    renderAt(
      <Routes>
        <Route path="/sign" element={<Sign />} />
        <Route path="/login" element={<Login />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>,
      path,
    )
    expect(screen.getByText('Home page')).toBeInTheDocument()
  })

  test('sign-up: full name, email, password required; a refusal is red italic and the input is kept', async () => {
    mockFetch({ 'POST register/': json(409, { message: 'An account with this email already exists' }) })
    renderAt(<Sign />, '/sign')
    expect(screen.getByText('20% off your first service')).toBeInTheDocument()
    for (const label of ['Full name', 'Email', 'Password'])
      expect(screen.getByLabelText(label)).toBeRequired()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')

    const ui = userEvent.setup()
    await ui.type(screen.getByLabelText('Full name'), 'Ada Obi')
    await ui.type(screen.getByLabelText('Email'), 'ada@example.ng')
    await ui.type(screen.getByLabelText('Password'), 'long-enough-1')
    await ui.click(screen.getByRole('button', { name: 'Sign Up' }))
    const error = await screen.findByRole('alert')
    expect(error).toHaveTextContent('An account with this email already exists')
    expect(error).toHaveClass('text-red-600', 'italic')
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Obi')
  })
})

describe('/products cart', () => {
  test('says delivery fees are not included and all sales are final, with the total in naira', async () => {
    setSession('user', 7)
    mockFetch({
      'GET get/carts/': json(200, [
        {
          id: 3,
          name: 'Roach Gel',
          description: 'Bait gel',
          image: 'media/gel.svg',
          prices: 4500,
          originalPrice: 5000,
          stock: 12,
          quantity: 2,
        },
      ]),
    })
    renderAt(<CartSection />, '/products')
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('₦9,000.00')
    expect(screen.getByText('Delivery fees are not included.')).toBeInTheDocument()
    expect(screen.getByText('All sales are final, no returns.')).toBeInTheDocument()
  })
})

describe('/orders', () => {
  test('no orders: the empty state and a Start Shopping link to /products', async () => {
    setSession('user', 42)
    mockFetch({ 'GET users/orders/': json(200, []) })
    renderAt(<Orders />, '/orders')
    expect(await screen.findByText('No current orders!')).toBeInTheDocument()
    expect(screen.getByText('Browse our range for the best pest control solutions!')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products')
  })
})

describe('changing the login email asks for the current password', () => {
  test('the field appears only when the email changes, is sent with it, and a wrong one is explained', async () => {
    setSession('user', 42)
    let answer = json(400, { message: 'Current password is incorrect.', field: 'current_password' })
    const calls = mockFetch({
      'GET admins/settings/42/': json(200, ADA_PROFILE),
      'POST admins/settings/42/': () => answer,
      'GET auth_check': () => json(200, { ...ADA_SESSION, email: 'ADA@example.ng' }),
    })
    renderAt(<UserSettings />, '/user/settings')
    const ui = userEvent.setup()
    const email = await screen.findByLabelText('Username (email)')
    // The profile form's own fields (the Security tab has a "Current password" of its own).
    const profile = within(email.closest('form')!)
    expect(profile.queryByLabelText('Current password')).toBeNull()

    await ui.clear(email)
    await ui.type(email, 'ada.obi@example.ng')
    const password = profile.getByLabelText('Current password')
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toBeRequired()
    expect(password).toHaveAccessibleDescription(
      'Needed to change your login email. We will tell ada@example.ng about the change.',
    )
    await ui.type(password, 'not-my-password')
    await ui.click(screen.getByRole('button', { name: 'Save Changes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Profile' })
    expect(dialog).toHaveTextContent('Current password is incorrect.')
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.body).toMatchObject({ username: 'ada.obi@example.ng', current_password: 'not-my-password' })
    await ui.click(within(dialog).getByRole('button', { name: 'Close' }))
    // Nothing typed is lost: the new email and the password stay for another try.
    expect(screen.getByLabelText('Username (email)')).toHaveValue('ada.obi@example.ng')
    expect(profile.getByLabelText('Current password')).toHaveValue('not-my-password')

    // Back to the saved email (other letter case): no password asked, none sent.
    answer = json(201, { message: 'Profile updated successfully.' })
    await ui.clear(screen.getByLabelText('Username (email)'))
    await ui.type(screen.getByLabelText('Username (email)'), 'ADA@example.ng')
    expect(profile.queryByLabelText('Current password')).toBeNull()
    await ui.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByRole('dialog', { name: 'Profile' })).toHaveTextContent(
      'Profile updated successfully.',
    )
    const second = calls.filter((c) => c.method === 'POST')[1]
    expect(second.body).not.toHaveProperty('current_password')
  })
})

describe('user settings keep what was typed when a save fails', () => {
  test("a refused profile save shows the server's message with Close; the typed values stay", async () => {
    setSession('user', 42)
    const calls = mockFetch({
      'GET admins/settings/42/': json(200, { ...ADA_PROFILE, landmark: '', city: 'Lagos', state: 'Lagos' }),
      'POST admins/settings/42/': json(409, { message: 'That email is already in use' }),
    })
    renderAt(<UserSettings />, '/user/settings')
    const ui = userEvent.setup()
    const location = await screen.findByLabelText('Address')
    await ui.clear(location)
    await ui.type(location, 'Surulere')
    await ui.clear(screen.getByLabelText('Username (email)'))
    await ui.type(screen.getByLabelText('Username (email)'), 'taken@example.ng')
    await ui.type(within(location.closest('form')!).getByLabelText('Current password'), 'my-password-1')
    await ui.click(screen.getByRole('button', { name: 'Save Changes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Profile' })
    expect(dialog).toHaveTextContent('That email is already in use')
    // The profile reloads silently, without wiping the user's input.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === 'admins/settings/42/')).toHaveLength(2),
    )
    await ui.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.getByLabelText('Address')).toHaveValue('Surulere')
    expect(screen.getByLabelText('City / town')).toHaveValue('Lagos')
    expect(screen.getByLabelText('Username (email)')).toHaveValue('taken@example.ng')
  })
})

test("the top bar shows a customer's cart count from the device's cart, and follows it", async () => {
  setSession('user', 7)
  mockFetch({ 'GET users/notifications/': json(200, []) })
  const line = {
    name: 'Cockroach Gel',
    description: '',
    image: '',
    prices: 4500,
    originalPrice: 4500,
    stock: 9,
    userId: 7,
  }
  await db.cart.bulkPut([
    { ...line, id: 3, quantity: 2 },
    { ...line, id: 4, quantity: 1 },
    // Someone else's line on the same phone does not count.
    { ...line, id: 5, quantity: 4, userId: 8 },
  ])
  renderAt(
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/" element={<p>Home</p>} />
      </Route>
    </Routes>,
    '/',
  )
  // Two copies: the bar's (from 1024 px) and the phone's; both say the same.
  const links = await screen.findAllByRole('link', { name: 'Cart, 3 items' }, { timeout: 5000 })
  expect(links[0]).toHaveAttribute('href', '/products')
  await db.cart.delete([7, 4])
  expect(
    (await screen.findAllByRole('link', { name: 'Cart, 2 items' }, { timeout: 5000 }))[0],
  ).toHaveAttribute('href', '/products')
})

test('a page change scrolls to the top', async () => {
  setSession(null)
  mockFetch({})
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  renderAt(
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/blog" element={<Link to="/contact">Go to contact</Link>} />
        <Route path="/contact" element={<p>Contact page</p>} />
      </Route>
    </Routes>,
    '/blog',
  )
  scrollTo.mockClear()
  await userEvent.setup().click(screen.getByRole('link', { name: 'Go to contact' }))
  expect(await screen.findByText('Contact page')).toBeInTheDocument()
  expect(scrollTo).toHaveBeenCalledWith(0, 0)
  scrollTo.mockRestore()
})

test('a dialog gives focus back to the button that opened it, closed or unmounted', async () => {
  function Harness() {
    const [open, setOpen] = useState(false)
    const [shown, setShown] = useState(true)
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open it
        </button>
        {shown && (
          <Modal open={open} title="Question" onClose={() => setOpen(false)}>
            <button type="button" onClick={() => setShown(false)}>
              Unmount
            </button>
          </Modal>
        )}
      </>
    )
  }
  render(<Harness />)
  const ui = userEvent.setup()
  await ui.click(screen.getByRole('button', { name: 'Open it' }))
  await ui.click(screen.getByRole('button', { name: 'Close dialog' }))
  expect(screen.getByRole('button', { name: 'Open it' })).toHaveFocus()
  await ui.click(screen.getByRole('button', { name: 'Open it' }))
  await ui.click(screen.getByRole('button', { name: 'Unmount' }))
  expect(screen.getByRole('button', { name: 'Open it' })).toHaveFocus()
})

test('two dialogs open at once are each named by their own title', () => {
  render(
    <>
      <Modal open title="Checkout" onClose={() => {}}>
        first
      </Modal>
      <Modal open title="Login Required" onClose={() => {}}>
        second
      </Modal>
    </>,
  )
  expect(screen.getByRole('dialog', { name: 'Checkout' })).toHaveTextContent('first')
  expect(screen.getByRole('dialog', { name: 'Login Required' })).toHaveTextContent('second')
})

describe('/confirm/payment', () => {
  beforeEach(() => setSession('user', 42))
  const at = '/confirm/payment?status=successful&tx_ref=GS-1-abc&transaction_id=99'

  test("201: 'Success!', the order line and 'Back to HomePage' to /", async () => {
    const calls = mockFetch({
      'POST verify/': json(201, { message: 'Payment verified', status: 'successful' }),
    })
    renderAt(<ConfirmPayment />, at)
    expect(screen.getByText('Processing your request...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeInTheDocument()
    expect(screen.getByText('Your Order has been Placed successfully.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to HomePage' })).toHaveAttribute('href', '/')
    expect(calls.find((c) => c.path === 'verify/')?.body).toMatchObject({
      tx_ref: 'GS-1-abc',
      status: 'successful',
    })
  })

  test('success shows the order summary: reference, lines, delivery fee and where it goes', async () => {
    mockFetch({
      'POST verify/': json(201, { message: 'Payment successful.', status: 'successful' }),
      'GET payments/GS-1-abc/': json(200, {
        tx_ref: 'GS-1-abc',
        status: 'successful',
        message: 'Payment successful.',
        amount: 10500,
        items_total: 9000,
        delivery_fee: 1500,
        delivery: {
          name: 'Ada Customer',
          phone_number: '+2348031234567',
          address: '14 Bode Thomas Street',
          landmark: '',
          city: 'Surulere',
          state: 'Lagos',
        },
        created: '2026-05-10T10:00:00Z',
        settled: '2026-05-10T10:01:00Z',
        held_until: null,
        lines: [{ product_id: 3, name: 'Cockroach Gel', image: '', quantity: 2, price: 4500 }],
        orders: [],
        refund: null,
      }),
    })
    renderAt(<ConfirmPayment />, at)
    const summary = await screen.findByRole('region', { name: 'Order summary' })
    expect(summary).toHaveTextContent('Reference GS-1-abc')
    expect(summary).toHaveTextContent('2 × Cockroach Gel₦9,000.00')
    expect(summary).toHaveTextContent('Delivery₦1,500.00')
    expect(summary).toHaveTextContent('Paid₦10,500.00')
    expect(summary).toHaveTextContent(
      'Delivering to Ada Customer, 08031234567: 14 Bode Thomas Street, Surulere, Lagos',
    )
  })

  test("refused: 'Oops!', the server's status text and 'Back to Cart' to /products", async () => {
    mockFetch({ 'POST verify/': json(400, { message: 'Payment was not completed', status: 'cancelled' }) })
    renderAt(<ConfirmPayment />, at)
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument()
    expect(screen.getByTestId('payment-status')).toHaveTextContent('cancelled')
    expect(screen.getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/products')
  })

  test('logged out (another address, an expired session): log in, and the same page shows the result', async () => {
    setSession(null)
    let loggedIn = false
    mockFetch({
      'POST verify/': () =>
        loggedIn
          ? json(201, { message: 'Payment verified', status: 'successful' })
          : json(401, { message: 'Oops! Please log in to continue.' }),
      'POST login/': () => {
        loggedIn = true
        return json(200, { message: 'user' })
      },
      'GET auth_check': () => json(200, ADA_SESSION),
    })
    renderAt(
      <Routes>
        <Route path="/confirm/payment" element={<ConfirmPayment />} />
        <Route path="/login" element={<Login />} />
      </Routes>,
      at,
    )
    const ui = userEvent.setup()
    expect(await screen.findByRole('heading', { name: 'Log in to see your order' })).toBeInTheDocument()
    await ui.click(screen.getByRole('link', { name: 'Log in to see your order' }))
    await ui.type(await screen.findByLabelText('Email'), 'ada@example.ng')
    await ui.type(screen.getByLabelText('Password'), 'a-long-password')
    await ui.click(screen.getByRole('button', { name: 'Log in' }))
    // Back on the confirmation page for the same payment, which now shows its outcome.
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeInTheDocument()
  })

  test("no answer: 'An error occured during verification'", async () => {
    mockFetch({
      'POST verify/': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    renderAt(<ConfirmPayment />, at)
    expect(await screen.findByTestId('payment-status')).toHaveTextContent(
      'An error occured during verification',
    )
  })

  // Last in the file: the page keeps waiting for a token in the background.
  test('no token: no call is made and the page stays on processing', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'))
    vi.stubGlobal('fetch', fetchMock)
    await getCsrfToken(true).catch(() => {}) // forget the token earlier tests fetched
    renderAt(<ConfirmPayment />, at)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByText('Processing your request...')).toBeInTheDocument()
    expect(fetchMock.mock.calls.every(([url]) => !String(url).includes('verify'))).toBe(true)
  })
})
