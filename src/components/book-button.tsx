import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { CalendarCheck } from 'lucide-react'
import { useSession } from '../lib/session'
import { useFirstServiceOffer } from '../lib/first-service-offer'
import { Modal } from './ui/modal'

/**
 * 'Book an Appointment': a logged-in visitor goes to /book; a logged-out one sees the 'Login Required'
 * dialog with a 'Go to Login' link that brings them back to /book afterwards. The dialog is returned apart
 * from the action so a caller can keep it mounted when the button's own container closes (mobile menu).
 */
/** The offer's words, read only once the dialog is open: the header's button is on every page. */
function SignUpOffer() {
  const offer = useFirstServiceOffer()
  return offer === null ? '.' : ` and get ${offer}% off the work of your first service.`
}

export function useBookAppointment() {
  const status = useSession((s) => s.status)
  const navigate = useNavigate()
  const [loginRequired, setLoginRequired] = useState(false)
  const close = () => setLoginRequired(false)
  const book = () => {
    if (status === 'authenticated') navigate('/book')
    else setLoginRequired(true)
  }
  const loginDialog = (
    <Modal
      open={loginRequired}
      title="Login Required"
      onClose={close}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close}>
            Not now
          </button>
          <Link to="/login" state={{ from: '/book' }} className="btn-primary" onClick={close}>
            Go to Login
          </Link>
        </>
      }
    >
      <p className="text-slate-600">
        Please log in to book an appointment. New here?{' '}
        <Link to="/sign" className="font-semibold text-brand-700 hover:underline" onClick={close}>
          Sign up
        </Link>
        {loginRequired ? <SignUpOffer /> : '.'}
      </p>
    </Modal>
  )
  return { book, loginDialog }
}

interface BookButtonProps {
  className?: string
  children?: ReactNode
}

/** A 'Book an Appointment' button with its own Login Required dialog (page calls to action). */
export function BookButton({ className = 'btn-primary', children }: BookButtonProps) {
  const { book, loginDialog } = useBookAppointment()
  return (
    <>
      <button type="button" className={className} onClick={book}>
        {children ?? (
          <>
            <CalendarCheck className="size-4" aria-hidden />
            Book an Appointment
          </>
        )}
      </button>
      {loginDialog}
    </>
  )
}
