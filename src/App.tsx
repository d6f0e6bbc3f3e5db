import { lazy } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { PublicLayout } from './components/layout/PublicLayout'
import { RoleGuard } from './components/RoleGuard'
import ComingSoon from './pages/ComingSoon'

// Every page is its own chunk: a visitor downloads only the screen they open (the admin never reaches customers).
const Login = lazy(() => import('./pages/public/Login'))
const Sign = lazy(() => import('./pages/public/Sign'))

/** SPEC.md section 2's route table. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <ComingSoon title="Home" /> },
      { path: '/about', element: <ComingSoon title="About Us" /> },
      { path: '/services', element: <ComingSoon title="Services" /> },
      { path: '/products', element: <ComingSoon title="Products" /> },
      { path: '/blog', element: <ComingSoon title="Blog" /> },
      { path: '/contact', element: <ComingSoon title="Contact" /> },
      { path: '/login', element: <Login /> },
      { path: '/sign', element: <Sign /> },
      {
        path: '/book',
        element: (
          <RoleGuard
            user={<ComingSoon title="Book an Appointment" />}
            admin={<ComingSoon title="Book an Appointment" />}
          />
        ),
      },
      { path: '/user/settings', element: <RoleGuard user={<ComingSoon title="Settings" />} /> },
      { path: '/orders', element: <RoleGuard user={<ComingSoon title="Orders" />} /> },
      { path: '/confirm/payment', element: <ComingSoon title="Payment" /> },
      { path: '*', element: <ComingSoon title="Page not found" /> },
    ],
  },
  {
    path: '/admin/*',
    element: <RoleGuard admin={<ComingSoon title="Admin Dashboard" />} />,
  },
]

export const createRouter = () => createBrowserRouter(routes)
