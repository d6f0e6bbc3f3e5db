import { lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom'
import { PageLoading } from '../components/ui/page-loading'
import { PublicLayout } from './layouts/public-layout'
import { NotFoundPage } from './not-found-page'
import { LazyPwaShell } from './pwa/lazy-pwa-shell'
import { RoleGuard } from './role-guard'
import { RouteError } from './route-error'

// Every page is its own chunk: a visitor downloads only the screen they open; customers never load the admin.
const Home = lazy(() => import('../features/marketing/pages/home'))
const About = lazy(() => import('../features/marketing/pages/about'))
const Services = lazy(() => import('../features/marketing/pages/services'))
const Blog = lazy(() => import('../features/marketing/pages/blog'))
const Contact = lazy(() => import('../features/marketing/pages/contact'))
const Products = lazy(() => import('../features/shop/pages/products'))
const ConfirmPayment = lazy(() => import('../features/shop/pages/confirm-payment'))
const Login = lazy(() => import('../features/account/pages/login'))
const SignUp = lazy(() => import('../features/account/pages/sign-up'))
const UserSettings = lazy(() => import('../features/account/pages/user-settings'))
const ForgotPassword = lazy(() => import('../features/account/pages/forgot-password'))
const ResetPassword = lazy(() => import('../features/account/pages/reset-password'))
const Book = lazy(() => import('../features/bookings/pages/book'))
const Orders = lazy(() => import('../features/orders/pages/orders'))
// The technician's job sheet (phone first), loaded only for staff.
const JobSheet = lazy(() => import('../features/staff/pages/job-sheet'))
const JobDetail = lazy(() => import('../features/staff/pages/job-detail'))

// The back office: its layout and each screen are chunks of their own, loaded only for admins.
const AdminLayout = lazy(() => import('./admin/admin-layout'))
const Dashboard = lazy(() => import('../features/dashboard/admin/dashboard-screen'))
const UsersScreen = lazy(() => import('../features/users/admin/users-screen'))
const MessagesScreen = lazy(() => import('../features/messages/admin/messages-screen'))
const SentMessagesScreen = lazy(() => import('../features/messages/admin/sent-messages-screen'))
const BookingsScreen = lazy(() => import('../features/bookings/admin/bookings-screen'))
const OrdersScreen = lazy(() => import('../features/orders/admin/orders-screen'))
const ProductsScreen = lazy(() => import('../features/shop/admin/products-screen'))
const SettingsScreen = lazy(() => import('../features/account/admin/settings-screen'))

/** SPEC.md section 2's public and customer routes, in the public layout. */
export const publicRoutes: RouteObject = {
  element: <PublicLayout />,
  errorElement: <RouteError />,
  children: [
    { path: '/', element: <Home /> },
    { path: '/about', element: <About /> },
    { path: '/services', element: <Services /> },
    { path: '/products', element: <Products /> },
    { path: '/blog', element: <Blog /> },
    { path: '/contact', element: <Contact /> },
    { path: '/login', element: <Login /> },
    { path: '/sign', element: <SignUp /> },
    { path: '/forgot-password', element: <ForgotPassword /> },
    { path: '/reset-password', element: <ResetPassword /> },
    // Same page for user and admin (SPEC: /book).
    { path: '/book', element: <RoleGuard user={<Book />} admin={<Book />} staff={<Book />} /> },
    { path: '/user/settings', element: <RoleGuard user={<UserSettings />} staff={<UserSettings />} /> },
    {
      path: '/staff',
      element: <RoleGuard staff={<JobSheet />} admin={<Navigate to="/admin/bookings" replace />} />,
    },
    { path: '/staff/jobs/:id', element: <RoleGuard staff={<JobDetail />} /> },
    { path: '/orders', element: <RoleGuard user={<Orders />} /> },
    { path: '/confirm/payment', element: <ConfirmPayment /> },
    { path: '*', element: <NotFoundPage /> },
  ],
}

/** SPEC.md section 2's back office (/admin/*), behind the admin role, in its own layout. */
export const adminRoutes: RouteObject = {
  path: '/admin',
  element: (
    <Suspense fallback={<PageLoading />}>
      <RoleGuard admin={<AdminLayout />} />
    </Suspense>
  ),
  errorElement: <RouteError />,
  children: [
    { index: true, element: <Dashboard /> },
    { path: 'users', element: <UsersScreen /> },
    { path: 'messages', element: <MessagesScreen /> },
    { path: 'sent-messages', element: <SentMessagesScreen /> },
    { path: 'bookings', element: <BookingsScreen /> },
    { path: 'orders', element: <OrdersScreen /> },
    { path: 'products', element: <ProductsScreen /> },
    { path: 'settings', element: <SettingsScreen /> },
    { path: '*', element: <NotFoundPage home="/admin" homeLabel="Back to the dashboard" /> },
  ],
}

/** The one route table. */
export const routes: RouteObject[] = [
  {
    // App-wide: the offline/update/install furniture sits above every layout.
    element: (
      <>
        <Outlet />
        <LazyPwaShell />
      </>
    ),
    errorElement: <RouteError />,
    children: [publicRoutes, adminRoutes],
  },
]

export const createRouter = () => createBrowserRouter(routes)
