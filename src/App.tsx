import { lazy, Suspense } from 'react'
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom'
import { PageLoading, PublicLayout } from './components/layout/PublicLayout'
import { LazyPwaShell } from './components/pwa/lazy'
import { RoleGuard } from './components/RoleGuard'
import ComingSoon from './pages/ComingSoon'

// Every page is its own chunk: a visitor downloads only the screen they open; customers never load the admin.
const Home = lazy(() => import('./pages/public/Home'))
const About = lazy(() => import('./pages/public/About'))
const Services = lazy(() => import('./pages/public/Services'))
const Products = lazy(() => import('./pages/public/Products'))
const Blog = lazy(() => import('./pages/public/Blog'))
const Contact = lazy(() => import('./pages/public/Contact'))
const Login = lazy(() => import('./pages/public/Login'))
const Sign = lazy(() => import('./pages/public/Sign'))
const Book = lazy(() => import('./pages/user/Book'))
const UserSettings = lazy(() => import('./pages/user/UserSettings'))
const Orders = lazy(() => import('./pages/user/Orders'))
const ConfirmPayment = lazy(() => import('./pages/user/ConfirmPayment'))
const AdminApp = lazy(() => import('./pages/admin/AdminApp'))

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
