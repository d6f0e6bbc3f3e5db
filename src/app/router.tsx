import { lazy, Suspense } from 'react'
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom'
import { PageLoading, PublicLayout } from './layouts/public-layout'
import { LazyPwaShell } from './pwa/lazy-pwa-shell'
import { RoleGuard } from './role-guard'
import ComingSoon from './not-found'

// Every page is its own chunk: a visitor downloads only the screen they open; customers never load the admin.
const Home = lazy(() => import('../features/marketing/pages/home'))
const About = lazy(() => import('../features/marketing/pages/about'))
const Services = lazy(() => import('../features/marketing/pages/services'))
const Products = lazy(() => import('../features/shop/pages/products'))
const Blog = lazy(() => import('../features/marketing/pages/blog'))
const Contact = lazy(() => import('../features/marketing/pages/contact'))
const Login = lazy(() => import('../features/account/pages/login'))
const Sign = lazy(() => import('../features/account/pages/sign-up'))
const Book = lazy(() => import('../features/bookings/pages/book'))
const UserSettings = lazy(() => import('../features/account/pages/user-settings'))
const Orders = lazy(() => import('../features/orders/pages/orders'))
const ConfirmPayment = lazy(() => import('../features/shop/pages/confirm-payment'))
const AdminApp = lazy(() => import('./admin/admin-routes'))

/** SPEC.md section 2's route table. */
export const routes: RouteObject[] = [
  {
    // App-wide: the offline/update/install furniture sits above every layout.
    element: (
      <>
        <Outlet />
        <LazyPwaShell />
      </>
    ),
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <Home /> },
          { path: '/about', element: <About /> },
          { path: '/services', element: <Services /> },
          { path: '/products', element: <Products /> },
          { path: '/blog', element: <Blog /> },
          { path: '/contact', element: <Contact /> },
          { path: '/login', element: <Login /> },
          { path: '/sign', element: <Sign /> },
          // Same page for user and admin (SPEC: /book).
          { path: '/book', element: <RoleGuard user={<Book />} admin={<Book />} staff={<Book />} /> },
          { path: '/user/settings', element: <RoleGuard user={<UserSettings />} /> },
          { path: '/orders', element: <RoleGuard user={<Orders />} /> },
          { path: '/confirm/payment', element: <ConfirmPayment /> },
          { path: '*', element: <ComingSoon title="Page not found" /> },
        ],
      },
      // The back office has its own layout and nested routes (src/pages/admin/AdminApp.tsx).
      {
        path: '/admin/*',
        element: (
          <Suspense fallback={<PageLoading />}>
            <RoleGuard admin={<AdminApp />} />
          </Suspense>
        ),
      },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
