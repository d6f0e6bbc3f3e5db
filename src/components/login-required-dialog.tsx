import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Modal } from './ui/modal'
import { pages } from '../../contract/pages.js'

/**
 * 'Login Required', for a logged-out visitor who tried something that needs an account: 'Go to Login'
 * brings them back to `from` once logged in, and 'Sign up' is offered beside it. Either link closes it.
 */
export function LoginRequiredDialog({
  open,
  onClose,
  from,
  purpose,
  afterSignUp = '.',
}: {
  open: boolean
  onClose: () => void
  /** The page to come back to after logging in. */
  from: string
  /** What logging in is needed for: "Please log in to {purpose}." */
  purpose: string
  /** What ends the sentence after 'Sign up' (e.g. an offer); a full stop unless given. */
  afterSignUp?: ReactNode
}) {
  return (
    <Modal
      open={open}
      title="Login Required"
      onClose={onClose}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Not now
          </button>
          <Link to={pages.login} state={{ from }} className="btn-primary" onClick={onClose}>
            Go to Login
          </Link>
        </>
      }
    >
      <p className="text-slate-600">
        Please log in to {purpose}. New here?{' '}
        <Link to={pages.signUp} className="font-semibold text-brand-700 hover:underline" onClick={onClose}>
          Sign up
        </Link>
        {afterSignUp}
      </p>
    </Modal>
  )
}
