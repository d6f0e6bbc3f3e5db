const LAST_USER_KEY = 'greenshield.lastUserId'

/** The user whose data this device holds (survives reloads), to spot a login of someone else. */
export const lastUser = {
  get(): number | null {
    const value = localStorage.getItem(LAST_USER_KEY)
    return value ? Number(value) : null
  },
  set(id: number | null) {
    if (id === null) localStorage.removeItem(LAST_USER_KEY)
    else localStorage.setItem(LAST_USER_KEY, String(id))
  },
}
