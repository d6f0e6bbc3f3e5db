import { create } from 'zustand'

/**
 * What the app knows of the network, from the answers it gets: `offline` when the phone says so or a
 * request could not even connect, `not-answering` when a request hit its deadline with nothing back
 * (connected but silent: "lie-fi"), `online` as soon as anything answers again.
 */
export type ConnectionState = 'online' | 'offline' | 'not-answering'

/** What a form says when what was sent is kept on the phone for later, offline or on a silent network alike. */
export const SAVED_ON_PHONE = 'Saved on this phone — it will be sent as soon as the network answers'

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

export const useConnection = create<{ state: ConnectionState }>(() => ({
  state: browserOffline() ? 'offline' : 'online',
}))

/**
 * How long a request may go unanswered before the app says the network is not answering; the request
 * itself goes on until its deadline (DEADLINES in http.ts), and an answer then says "online" again.
 */
export const SILENT_AFTER_MS = 5_000

/** The server answered (any status: an answer is an answer). */
export const reportAnswered = () => {
  if (useConnection.getState().state !== 'online') useConnection.setState({ state: 'online' })
}

/** A request got no answer: `notAnswering` when it waited out its deadline, else it could not connect. */
export const reportNoAnswer = (notAnswering: boolean) => {
  const state = notAnswering && !browserOffline() ? 'not-answering' : 'offline'
  if (useConnection.getState().state !== state) useConnection.setState({ state })
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => useConnection.setState({ state: 'offline' }))
  // The phone says it is back: believed until a request says otherwise.
  window.addEventListener('online', () => useConnection.setState({ state: 'online' }))
}
