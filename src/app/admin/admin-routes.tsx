import { Link, Route, Routes } from 'react-router-dom'
import { AdminLayout } from './admin-layout'
import Dashboard from '../../features/dashboard/admin/dashboard-screen'
import UsersScreen from '../../features/users/admin/users-screen'
import MessagesScreen from '../../features/messages/admin/messages-screen'
import BookingsScreen from '../../features/bookings/admin/bookings-screen'
import OrdersScreen from '../../features/orders/admin/orders-screen'
import ProductsScreen from '../../features/shop/admin/products-screen'
import SettingsScreen from '../../features/account/admin/settings-screen'

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
