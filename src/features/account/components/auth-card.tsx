import type { ReactNode } from 'react'
import { Link } from 'react-router'

interface AuthCardProps {
  title: string
  children: ReactNode
  /** The line under the card that leads to the other way in, e.g. "New here? Create an account". */
  elsewhere?: { question: string; to: string; link: string }
}

/** The card the sign-up, log-in and password pages sit in. */
export function AuthCard({ title, children, elsewhere }: AuthCardProps) {
  return (
    <section className="bg-linear-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{title}</h1>
        {children}
        {elsewhere && (
          <p className="mt-6 text-center text-sm text-slate-600">
            {elsewhere.question}{' '}
            <Link to={elsewhere.to} className="font-semibold text-brand-700 hover:underline">
              {elsewhere.link}
            </Link>
          </p>
        )}
      </div>
    </section>
  )
}
