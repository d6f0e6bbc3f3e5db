import { Link, Route, Routes } from 'react-router-dom'
import { AdminLayout } from './AdminLayout'
import Dashboard from './Dashboard'
import UsersScreen from './Users'
import MessagesScreen from './Messages'
import BookingsScreen from './Bookings'
import OrdersScreen from './Orders'
import ProductsScreen from './Products'
import SettingsScreen from './Settings'

/**
 * The back office (SPEC section 2, /admin/*). The whole folder is one lazily loaded chunk behind
 * RoleGuard admin in src/App.tsx: nothing here may be imported by public code.
 */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Dashboard />} />
        <Route path="users" element={<UsersScreen />} />
        <Route path="messages" element={<MessagesScreen />} />
        <Route path="bookings" element={<BookingsScreen />} />
        <Route path="orders" element={<OrdersScreen />} />
        <Route path="products" element={<ProductsScreen />} />
        <Route path="settings" element={<SettingsScreen />} />
        <Route
          path="*"
          element={
            <div className="py-16 text-center">
              <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
              <Link to="/admin" className="mt-4 inline-block text-brand-700 underline">
                Back to the dashboard
              </Link>
            </div>
          }
        />
      </Route>
    </Routes>
  )
}
