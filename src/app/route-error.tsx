import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useLocation } from 'react-router'

/** A lazy chunk that did not arrive (offline, or gone after a deploy) rather than a bug in a page. */
const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    error.message,
  )

/** What a visitor sees instead of a white screen: what happened, in plain words, and a Reload button. */
export function ErrorScreen({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error)
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {chunk ? 'This page could not be loaded' : 'Something went wrong'}
      </h1>
      <p className="mt-3 text-slate-600">
        {chunk
          ? 'Check your connection, then reload the page.'
          : 'Sorry, this page stopped working. Reloading usually fixes it; nothing you saved is lost.'}
      </p>
      <button type="button" className="btn-primary mt-6 px-5 py-2.5" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  )
}

/**
 * Shows ErrorScreen in place of what it wraps when that throws while rendering (or a lazy chunk fails to
 * load). Given a resetKey, a new value (another page) tries the children again.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string; label: string },
  { error: unknown; resetKey?: string }
> {
  state = { error: null as unknown, resetKey: this.props.resetKey }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  static getDerivedStateFromProps(props: { resetKey?: string }, state: { resetKey?: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey }
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.props.label}:`, error, info.componentStack)
  }
  render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children
  }
}

/** Around each layout in the route table: a page that fails shows ErrorScreen; another page tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary label="Route error" resetKey={useLocation().pathname}>
      {children}
    </ErrorBoundary>
  )
}

/** Above the router, for errors outside any route (providers, the router itself). */
export const AppErrorBoundary = ({ children }: { children: ReactNode }) => (
  <ErrorBoundary label="Application error">{children}</ErrorBoundary>
)
