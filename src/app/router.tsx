import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router'
import { PageLoading } from '../components/ui/page-loading'
import { OnShown, PublicLayout } from './layouts/public-layout'
import { NotFoundPage } from './not-found-page'
import { LazyPwaShell } from './pwa/lazy-pwa-shell'
import { RoleGuard } from './role-guard'
import { RouteErrorBoundary } from './route-error'
import { lazyWithQueries } from './with-queries'
import { PageMeta } from '../components/ui/page-meta'
import { pages } from '../../contract/pages.js'

/**
 * A page the build prerenders (scripts/prerender.ts): it tells the public layout when it has rendered, so
 * the forms go live only once the page is hydrated (public-layout.tsx, DisabledUntilShown).
 */
const prerendered = <P extends object>({ default: Page }: { default: ComponentType<P> }) => ({
  default: (props: P) => (
    <>
      <Page {...props} />
      <OnShown />
    </>
  ),
})

// Every page is its own chunk: a visitor downloads only the screen they open; customers never load the admin.
// The pages that read the API load the query cache with them (lazyWithQueries): the marketing pages do not.
const Home = lazy(() => import('../features/marketing/pages/home').then(prerendered))
const About = lazy(() => import('../features/marketing/pages/about').then(prerendered))
const Services = lazy(() => import('../features/marketing/pages/services').then(prerendered))
const Blog = lazy(() => import('../features/marketing/pages/blog').then(prerendered))
const Contact = lazy(() => import('../features/marketing/pages/contact').then(prerendered))
const Products = lazyWithQueries(() => import('../features/shop/pages/products').then(prerendered))
const ProductPage = lazyWithQueries(() => import('../features/shop/pages/product'))
const ConfirmPayment = lazyWithQueries(() => import('../features/shop/pages/confirm-payment'))
const Login = lazy(() => import('../features/account/pages/login').then(prerendered))
const SignUp = lazyWithQueries(() => import('../features/account/pages/sign-up').then(prerendered))
const UserSettings = lazyWithQueries(() => import('../features/account/pages/user-settings'))
const ForgotPassword = lazyWithQueries(() => import('../features/account/pages/forgot-password'))
const ResetPassword = lazyWithQueries(() => import('../features/account/pages/reset-password'))
const Book = lazyWithQueries(() => import('../features/bookings/pages/book'))
const Orders = lazyWithQueries(() => import('../features/orders/pages/orders'))
const MyInvoices = lazyWithQueries(() => import('../features/invoices/pages/my-invoices'))
const MyInvoice = lazyWithQueries(() => import('../features/invoices/pages/my-invoice'))
const InvoiceLink = lazyWithQueries(() => import('../features/invoices/pages/invoice-link'))
const MyQuotes = lazyWithQueries(() => import('../features/quotes/pages/my-quotes'))
const MyQuote = lazyWithQueries(() => import('../features/quotes/pages/my-quote'))
const QuoteLink = lazyWithQueries(() => import('../features/quotes/pages/quote-link'))
const MyPlans = lazyWithQueries(() => import('../features/plans/pages/my-plans'))
const MyDocuments = lazyWithQueries(() => import('../features/documents/pages/my-documents'))
const BookingLink = lazyWithQueries(() => import('../features/bookings/pages/booking-link'))
const RateLink = lazyWithQueries(() => import('../features/ratings/pages/rate-link'))
const Reviews = lazyWithQueries(() => import('../features/ratings/pages/reviews'))
// The address printed on a certificate: a plain call, no query library (src/features/certificates/check.ts).
const CertificateCheck = lazy(() => import('../features/certificates/pages/certificate-check'))
// The technician's job sheet (phone first), loaded only for staff.
const JobSheet = lazyWithQueries(() => import('../features/staff/pages/job-sheet'))
const JobDetail = lazyWithQueries(() => import('../features/staff/pages/job-detail'))

// The back office: its layout and each screen are chunks of their own, loaded only for admins.
const AdminLayout = lazyWithQueries(() => import('./admin/admin-layout'))
const Dashboard = lazy(() => import('../features/dashboard/admin/dashboard-screen'))
const UsersScreen = lazy(() => import('../features/users/admin/users-screen'))
const MessagesScreen = lazy(() => import('../features/messages/admin/messages-screen'))
const SentMessagesScreen = lazy(() => import('../features/messages/admin/sent-messages-screen'))
const BookingsScreen = lazy(() => import('../features/bookings/admin/bookings-screen'))
const BookingRulesScreen = lazy(() => import('../features/bookings/admin/booking-rules-screen'))
const ServicesScreen = lazy(() => import('../features/services/admin/services-screen'))
const OrdersScreen = lazy(() => import('../features/orders/admin/orders-screen'))
const InvoicesScreen = lazy(() => import('../features/invoices/admin/invoices-screen'))
const InvoiceDetailScreen = lazy(() => import('../features/invoices/admin/invoice-detail-screen'))
const QuotesScreen = lazy(() => import('../features/quotes/admin/quotes-screen'))
const QuoteDetailScreen = lazy(() => import('../features/quotes/admin/quote-detail-screen'))
const PlansScreen = lazy(() => import('../features/plans/admin/plans-screen'))
const RatingsScreen = lazy(() => import('../features/ratings/admin/ratings-screen'))
const CertificatesScreen = lazy(() => import('../features/certificates/admin/certificates-screen'))
const ProductsScreen = lazy(() => import('../features/shop/admin/products-screen'))
const SettingsScreen = lazy(() => import('../features/account/admin/settings-screen'))
const ReferenceScreen = lazy(() => import('../features/reference/admin/reference-screen'))

/** A route's page under its title (and a description for public pages): one line a route in the tables. */
const titled = (title: string, page: ReactNode, description?: string) => (
  <PageMeta title={title} description={description}>
    {page}
  </PageMeta>
)

/** The public and customer routes (docs/rules/screens.md), in the public layout. */
export const publicRoutes: RouteObject = {
  element: (
    <RouteErrorBoundary>
      <PublicLayout />
    </RouteErrorBoundary>
  ),
  children: [
    {
      path: pages.home,
      element: titled(
        'Pest Control and Cleaning in Lagos',
        <Home />,
        'GreenShield: fumigation, pest control and cleaning for homes and businesses in Lagos, with products delivered across Nigeria.',
      ),
    },
    {
      path: pages.about,
      element: titled(
        'About Us',
        <About />,
        'Who we are: a Lagos pest-control and cleaning company, our team and how we work.',
      ),
    },
    {
      path: pages.services,
      element: titled(
        'Services',
        <Services />,
        'Fumigation, pest control and cleaning services, with emergency response in 2 to 4 hours.',
      ),
    },
    {
      path: pages.products,
      element: titled('Shop', <Products />, 'Pest-control and cleaning products, delivered across Nigeria.'),
    },
    // Its own title and description come from the product itself.
    { path: pages.product(':id'), element: <ProductPage /> },
    {
      path: pages.blog,
      element: titled('Blog', <Blog />, 'Tips on keeping pests out of homes and businesses.'),
    },
    {
      path: pages.contact,
      element: titled(
        'Contact Us',
        <Contact />,
        'Call, WhatsApp or write to us, see our opening hours, or find our office in Lekki, Lagos.',
      ),
    },
    { path: pages.login, element: titled('Log in', <Login />) },
    { path: pages.signUp, element: titled('Create an account', <SignUp />) },
    { path: pages.forgotPassword, element: titled('Forgot password', <ForgotPassword />) },
    { path: pages.resetPassword, element: titled('Reset your password', <ResetPassword />) },
    // Same page for user and admin: an admin books for a caller there.
    {
      path: pages.book,
      element: titled(
        'Book an Appointment',
        <RoleGuard user={<Book />} admin={<Book />} staff={<Book />} />,
        'Book fumigation, pest control or cleaning at a time that suits you.',
      ),
    },
    {
      path: pages.settings,
      element: titled('My account', <RoleGuard user={<UserSettings />} staff={<UserSettings />} />),
    },
    {
      path: pages.jobs,
      element: titled(
        'My jobs',
        <RoleGuard staff={<JobSheet />} admin={<Navigate to={pages.admin.bookings} replace />} />,
      ),
    },
    { path: pages.job(':id'), element: titled('Job', <RoleGuard staff={<JobDetail />} />) },
    { path: pages.orders, element: titled('My orders', <RoleGuard user={<Orders />} />) },
    { path: pages.invoices, element: titled('My invoices', <RoleGuard user={<MyInvoices />} />) },
    { path: pages.invoice(':id'), element: titled('Invoice', <RoleGuard user={<MyInvoice />} />) },
    { path: pages.quotes, element: titled('My quotes', <RoleGuard user={<MyQuotes />} />) },
    { path: pages.documents, element: titled('My documents', <RoleGuard user={<MyDocuments />} />) },
    { path: pages.plans, element: titled('My plans', <RoleGuard user={<MyPlans />} />) },
    { path: pages.quote(':id'), element: titled('Quote', <RoleGuard user={<MyQuote />} />) },
    // The link in a completed visit's message: rate it, logged in or not.
    { path: pages.rateLink(':token'), element: titled('Rate your visit', <RateLink />) },
    {
      path: pages.reviews,
      element: titled('Reviews', <Reviews />, 'What our customers say about our visits.'),
    },
    // The address printed on a fumigation certificate: anyone checks it, logged in or not.
    { path: pages.certificate(':code'), element: titled('Certificate check', <CertificateCheck />) },
    // The link in a visit's reminder: whoever holds it, logged in or not.
    { path: pages.bookingLink(':token'), element: titled('Your visit', <BookingLink />) },
    // The link in a quote's email or SMS: whoever holds it, logged in or not.
    { path: pages.quoteLink(':token'), element: titled('Quote', <QuoteLink />) },
    // The link in an invoice's email or SMS: whoever holds it, logged in or not.
    { path: pages.invoiceLink(':token'), element: titled('Invoice', <InvoiceLink />) },
    { path: pages.confirmPayment, element: titled('Payment', <ConfirmPayment />) },
    { path: '*', element: titled('Page not found', <NotFoundPage />) },
  ],
}

/** A back-office screen: its address (under /admin), its title, and for a list the title and screen of one item. */
type AdminScreen = [
  path: string,
  title: string,
  Screen: ComponentType,
  item?: [title: string, Screen: ComponentType],
]

/** The back office's screens; the dashboard (its index) and the not-found page are set apart below. */
const ADMIN_SCREENS: AdminScreen[] = [
  [pages.admin.users, 'Users', UsersScreen],
  [pages.admin.messages, 'Messages', MessagesScreen],
  [pages.admin.sentMessages, 'Sent messages', SentMessagesScreen],
  [pages.admin.bookings, 'Bookings', BookingsScreen],
  [pages.admin.bookingRules, 'Booking rules', BookingRulesScreen],
  [pages.admin.services, 'Services', ServicesScreen],
  [pages.admin.orders, 'Orders', OrdersScreen],
  [pages.admin.invoices, 'Invoices', InvoicesScreen, ['Invoice', InvoiceDetailScreen]],
  [pages.admin.plans, 'Plans', PlansScreen],
  [pages.admin.ratings, 'Ratings', RatingsScreen],
  [pages.admin.quotes, 'Quotes', QuotesScreen, ['Quote', QuoteDetailScreen]],
  [pages.admin.certificates, 'Certificates', CertificatesScreen],
  [pages.admin.products, 'Products', ProductsScreen],
  [pages.admin.settings, 'Settings', SettingsScreen],
  [pages.admin.reference, 'API reference', ReferenceScreen],
]

/** A screen's route; a list with an item screen also answers at its path + /:id. */
function adminRoute([path, title, Screen, item]: AdminScreen): RouteObject {
  const screen = titled(title, <Screen />)
  if (!item) return { path, element: screen }
  const [itemTitle, ItemScreen] = item
  return {
    path,
    children: [
      { index: true, element: screen },
      { path: ':id', element: titled(itemTitle, <ItemScreen />) },
    ],
  }
}

/** The back office (/admin/*), behind the admin role, in its own layout. */
export const adminRoutes: RouteObject = {
  path: pages.admin.dashboard,
  element: (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <RoleGuard admin={<AdminLayout />} />
      </Suspense>
    </RouteErrorBoundary>
  ),
  children: [
    { index: true, element: titled('Dashboard', <Dashboard />) },
    ...ADMIN_SCREENS.map(adminRoute),
    {
      path: '*',
      element: titled(
        'Page not found',
        <NotFoundPage home={pages.admin.dashboard} homeLabel="Back to the dashboard" />,
      ),
    },
  ],
}

/** The one route table. */
export const routes: RouteObject[] = [
  {
    // App-wide: the offline/update/install furniture sits above every layout.
    element: (
      <>
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
        <LazyPwaShell />
      </>
    ),
    children: [publicRoutes, adminRoutes],
  },
]

/**
 * The route table rendered under a declarative router (BrowserRouter in the browser, StaticRouter in the
 * prerender): the app uses no loaders or actions, and the data router's code cost a phone about 14 KB
 * more JavaScript before the first tap.
 */
export const AppRoutes = () => useRoutes(routes)
