import { useEffect, useState } from 'react'
import { whenDatabaseInUse } from '../../offline/device'

/** False until the device has saved data or this page loads the database (src/offline/device.ts). */
export function useDatabaseInUse() {
  const [inUse, setInUse] = useState(false)
  useEffect(() => whenDatabaseInUse(() => setInUse(true)), [])
  return inUse
}
