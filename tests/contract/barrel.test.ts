import { describe, expect, it } from 'vitest'
import * as barrel from '../../contract/index'
import * as fields from '../../contract/fields'
import * as auth from '../../contract/auth'
import * as catalogue from '../../contract/catalogue'
import * as cart from '../../contract/cart'
import * as payments from '../../contract/payments'
import * as bookings from '../../contract/bookings'
import * as orders from '../../contract/orders'
import * as messages from '../../contract/messages'
import * as notifications from '../../contract/notifications'
import * as account from '../../contract/account'
import * as users from '../../contract/users'
import * as dashboard from '../../contract/dashboard'
import * as withdrawals from '../../contract/withdrawals'

const features = {
  fields,
  auth,
  catalogue,
  cart,
  payments,
  bookings,
  orders,
  messages,
  notifications,
  account,
  users,
  dashboard,
  withdrawals,
}

describe('contract/index.ts (the barrel the client imports until it uses the feature files)', () => {
  it.each(Object.entries(features))('re-exports every value of contract/%s.ts as it is', (_name, feature) => {
    for (const [key, value] of Object.entries(feature)) expect(barrel).toHaveProperty(key, value)
  })
})
