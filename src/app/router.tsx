import { lazy, Suspense } from 'react'
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router'
import { PageLoading } from '../components/ui/page-loading'
import { PublicLayout } from './layouts/public-layout'
import { NotFoundPage } from './not-found-page'
import { LazyPwaShell } from './pwa/lazy-pwa-shell'
import { RoleGuard } from './role-guard'
import { RouteErrorBoundary } from './route-error'
import { lazyWithQueries } from './with-queries'
import { PageMeta } from '../components/ui/page-meta'

// Every page is its own chunk: a visitor downloads only the screen they open; customers never load the admin.
// The pages that read the API load the query cache with them (lazyWithQueries): the marketing pages do not.
const Home = lazy(() => import('../features/marketing/pages/home'))
const About = lazy(() => import('../features/marketing/pages/about'))
const Services = lazy(() => import('../features/marketing/pages/services'))
const Blog = lazy(() => import('../features/marketing/pages/blog'))
const Contact = lazy(() => import('../features/marketing/pages/contact'))
const Products = lazyWithQueries(() => import('../features/shop/pages/products'))
const ProductPage = lazyWithQueries(() => import('../features/shop/pages/product'))
const ConfirmPayment = lazyWithQueries(() => import('../features/shop/pages/confirm-payment'))
const Login = lazy(() => import('../features/account/pages/login'))
const SignUp = lazyWithQueries(() => import('../features/account/pages/sign-up'))
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

/** A route's title (and a description for public pages): short names keep the table readable. */
const Meta = ({ t, d, children }: { t: string; d?: string; children: React.ReactNode }) => (
  <PageMeta title={t} description={d}>
    {children}
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
      path: '/',
      element: (
        <Meta
          t="Pest Control and Cleaning in Lagos"
          d="GreenShield: fumigation, pest control and cleaning for homes and businesses in Lagos, with products delivered across Nigeria."
        >
          <Home />
        </Meta>
      ),
    },
    {
      path: '/about',
      element: (
        <Meta
          t="About Us"
          d="Who we are: a Lagos pest-control and cleaning company, our team and how we work."
        >
          <About />
        </Meta>
      ),
    },
    {
      path: '/services',
      element: (
        <Meta
          t="Services"
          d="Fumigation, pest control and cleaning services, with emergency response in 2 to 4 hours."
        >
          <Services />
        </Meta>
      ),
    },
    {
      path: '/products',
      element: (
        <Meta t="Shop" d="Pest-control and cleaning products, delivered across Nigeria.">
          <Products />
        </Meta>
      ),
    },
    // Its own title and description come from the product itself.
    { path: '/products/:id', element: <ProductPage /> },
    {
      path: '/blog',
      element: (
        <Meta t="Blog" d="Tips on keeping pests out of homes and businesses.">
          <Blog />
        </Meta>
      ),
    },
    {
      path: '/contact',
      element: (
        <Meta
          t="Contact Us"
          d="Call, WhatsApp or write to us, see our opening hours, or find our office in Lekki, Lagos."
        >
          <Contact />
        </Meta>
      ),
    },
    {
      path: '/login',
      element: (
        <Meta t="Log in">
          <Login />
        </Meta>
      ),
    },
    {
      path: '/sign',
      element: (
        <Meta t="Create an account">
          <SignUp />
        </Meta>
      ),
    },
    {
      path: '/forgot-password',
      element: (
        <Meta t="Forgot password">
          <ForgotPassword />
        </Meta>
      ),
    },
    {
      path: '/reset-password',
      element: (
        <Meta t="Reset your password">
          <ResetPassword />
        </Meta>
      ),
    },
    // Same page for user and admin: an admin books for a caller there.
    {
      path: '/book',
      element: (
        <Meta t="Book an Appointment" d="Book fumigation, pest control or cleaning at a time that suits you.">
          <RoleGuard user={<Book />} admin={<Book />} staff={<Book />} />
        </Meta>
      ),
    },
    {
      path: '/user/settings',
      element: (
        <Meta t="My account">
          <RoleGuard user={<UserSettings />} staff={<UserSettings />} />
        </Meta>
      ),
    },
    {
      path: '/staff',
      element: (
        <Meta t="My jobs">
          <RoleGuard staff={<JobSheet />} admin={<Navigate to="/admin/bookings" replace />} />
        </Meta>
      ),
    },
    {
      path: '/staff/jobs/:id',
      element: (
        <Meta t="Job">
          <RoleGuard staff={<JobDetail />} />
        </Meta>
      ),
    },
    {
      path: '/orders',
      element: (
        <Meta t="My orders">
          <RoleGuard user={<Orders />} />
        </Meta>
      ),
    },
    {
      path: '/invoices',
      element: (
        <Meta t="My invoices">
          <RoleGuard user={<MyInvoices />} />
        </Meta>
      ),
    },
    {
      path: '/invoices/:id',
      element: (
        <Meta t="Invoice">
          <RoleGuard user={<MyInvoice />} />
        </Meta>
      ),
    },
    {
      path: '/quotes',
      element: (
        <Meta t="My quotes">
          <RoleGuard user={<MyQuotes />} />
        </Meta>
      ),
    },
    {
      path: '/documents',
      element: (
        <Meta t="My documents">
          <RoleGuard user={<MyDocuments />} />
        </Meta>
      ),
    },
    {
      path: '/plans',
      element: (
        <Meta t="My plans">
          <RoleGuard user={<MyPlans />} />
        </Meta>
      ),
    },
    {
      path: '/quotes/:id',
      element: (
        <Meta t="Quote">
          <RoleGuard user={<MyQuote />} />
        </Meta>
      ),
    },
    // The link in a completed visit's message: rate it, logged in or not.
    {
      path: '/rate/:token',
      element: (
        <Meta t="Rate your visit">
          <RateLink />
        </Meta>
      ),
    },
    {
      path: '/reviews',
      element: (
        <Meta t="Reviews" d="What our customers say about our visits.">
          <Reviews />
        </Meta>
      ),
    },
    // The address printed on a fumigation certificate: anyone checks it, logged in or not.
    {
      path: '/certificates/:code',
      element: (
        <Meta t="Certificate check">
          <CertificateCheck />
        </Meta>
      ),
    },
    // The link in a visit's reminder: whoever holds it, logged in or not.
    {
      path: '/r/:token',
      element: (
        <Meta t="Your visit">
          <BookingLink />
        </Meta>
      ),
    },
    // The link in a quote's email or SMS: whoever holds it, logged in or not.
    {
      path: '/q/:token',
      element: (
        <Meta t="Quote">
          <QuoteLink />
        </Meta>
      ),
    },
    // The link in an invoice's email or SMS: whoever holds it, logged in or not.
    {
      path: '/i/:token',
      element: (
        <Meta t="Invoice">
          <InvoiceLink />
        </Meta>
      ),
    },
    {
      path: '/confirm/payment',
      element: (
        <Meta t="Payment">
          <ConfirmPayment />
        </Meta>
      ),
    },
    {
      path: '*',
      element: (
        <Meta t="Page not found">
          <NotFoundPage />
        </Meta>
      ),
    },
  ],
}

/** The back office (/admin/*), behind the admin role, in its own layout. */
export const adminRoutes: RouteObject = {
  path: '/admin',
  element: (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <RoleGuard admin={<AdminLayout />} />
      </Suspense>
    </RouteErrorBoundary>
  ),
  children: [
    {
      index: true,
      element: (
        <Meta t="Dashboard">
          <Dashboard />
        </Meta>
      ),
    },
    {
      path: 'users',
      element: (
        <Meta t="Users">
          <UsersScreen />
        </Meta>
      ),
    },
    {
      path: 'messages',
      element: (
        <Meta t="Messages">
          <MessagesScreen />
        </Meta>
      ),
    },
    {
      path: 'sent-messages',
      element: (
        <Meta t="Sent messages">
          <SentMessagesScreen />
        </Meta>
      ),
    },
    {
      path: 'bookings',
      element: (
        <Meta t="Bookings">
          <BookingsScreen />
        </Meta>
      ),
    },
    {
      path: 'booking-rules',
      element: (
        <Meta t="Booking rules">
          <BookingRulesScreen />
        </Meta>
      ),
    },
    {
      path: 'services',
      element: (
        <Meta t="Services">
          <ServicesScreen />
        </Meta>
      ),
    },
    {
      path: 'orders',
      element: (
        <Meta t="Orders">
          <OrdersScreen />
        </Meta>
      ),
    },
    {
      path: 'invoices',
      children: [
        {
          index: true,
          element: (
            <Meta t="Invoices">
              <InvoicesScreen />
            </Meta>
          ),
        },
        {
          path: ':id',
          element: (
            <Meta t="Invoice">
              <InvoiceDetailScreen />
            </Meta>
          ),
        },
      ],
    },
    {
      path: 'plans',
      element: (
        <Meta t="Plans">
          <PlansScreen />
        </Meta>
      ),
    },
    {
      path: 'ratings',
      element: (
        <Meta t="Ratings">
          <RatingsScreen />
        </Meta>
      ),
    },
    {
      path: 'quotes',
      children: [
        {
          index: true,
          element: (
            <Meta t="Quotes">
              <QuotesScreen />
            </Meta>
          ),
        },
        {
          path: ':id',
          element: (
            <Meta t="Quote">
              <QuoteDetailScreen />
            </Meta>
          ),
        },
      ],
    },
    {
      path: 'certificates',
      element: (
        <Meta t="Certificates">
          <CertificatesScreen />
        </Meta>
      ),
    },
    {
      path: 'products',
      element: (
        <Meta t="Products">
          <ProductsScreen />
        </Meta>
      ),
    },
    {
      path: 'settings',
      element: (
        <Meta t="Settings">
          <SettingsScreen />
        </Meta>
      ),
    },
    {
      path: 'api',
      element: (
        <Meta t="API reference">
          <ReferenceScreen />
        </Meta>
      ),
    },
    {
      path: '*',
      element: (
        <Meta t="Page not found">
          <NotFoundPage home="/admin" homeLabel="Back to the dashboard" />
        </Meta>
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
