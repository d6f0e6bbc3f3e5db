import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { CalendarCheck } from 'lucide-react'
import { useSession } from '../lib/session'
import { useFirstServiceOffer } from '../lib/first-service-offer'
import { LoginRequiredDialog } from './login-required-dialog'
import { pages } from '../../contract/pages.js'

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
    if (status === 'authenticated') navigate(pages.book)
    else setLoginRequired(true)
  }
  const loginDialog = (
    <LoginRequiredDialog
      open={loginRequired}
      onClose={close}
      from={pages.book}
      purpose="book an appointment"
      afterSignUp={loginRequired ? <SignUpOffer /> : '.'}
    />
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
