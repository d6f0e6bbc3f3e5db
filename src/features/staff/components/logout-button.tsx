import { useState } from 'react'
import { useNavigate } from 'react-router'
import { LogOut } from 'lucide-react'
import { pages } from '../../../../contract/pages.js'
import { Modal } from '../../../components/ui/modal'
import { useSession } from '../../../lib/session'
import { FormError } from '../../../components/ui/form-actions'

const updates = (n: number) => `${n} ${n === 1 ? 'update' : 'updates'}`

/**
 * Logging out with unsent work asks first, and says what happens: queued updates stay on this phone and
 * go after this technician's next login here (never in another person's session); refused ones are kept
 * but never sent by themselves; the saved job sheet is removed (src/offline/user-data.ts).
 */
export function LogoutButton({ waiting, refused }: { waiting: number; refused: number }) {
  const logout = useSession((s) => s.logout)
  const navigate = useNavigate()
  const [asking, setAsking] = useState(false)
  const [error, setError] = useState('')
  const go = async () => {
    try {
      await logout()
      navigate(pages.login, { replace: true })
    } catch {
      setError('Could not log out without a connection. Try again when you have data.')
    }
  }
  return (
    <>
      <button
        type="button"
        className="btn-secondary shrink-0 px-3 py-2 text-sm whitespace-nowrap"
        onClick={() => (waiting + refused > 0 ? setAsking(true) : void go())}
      >
        <LogOut className="size-4" aria-hidden />
        Log out
      </button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title="Unsent work on this phone"
        footer={
          <>
            <button type="button" className="btn-primary" onClick={() => setAsking(false)}>
              Stay logged in
            </button>
            <button type="button" className="btn-danger" onClick={() => void go()}>
              Log out anyway
            </button>
          </>
        }
      >
        <div className="space-y-2 text-sm text-slate-700">
          <p>Nothing is deleted if you log out. But:</p>
          <ul className="list-disc space-y-1 pl-5">
            {waiting > 0 && (
              <li>
                {updates(waiting)} waiting to sync {waiting === 1 ? 'stays' : 'stay'} on this phone and{' '}
                {waiting === 1 ? 'goes' : 'go'} to the office only after <strong>you</strong> log in here
                again (logging in needs data). {waiting === 1 ? 'It is' : 'They are'} not sent while someone
                else is logged in on this phone.
              </li>
            )}
            {refused > 0 && (
              <li>
                {updates(refused)} the server did not accept {refused === 1 ? 'stays' : 'stay'} on this phone
                but {refused === 1 ? 'is' : 'are'} never sent by {refused === 1 ? 'itself' : 'themselves'}:
                after you log in again, correct and send {refused === 1 ? 'it' : 'them'}, or discard{' '}
                {refused === 1 ? 'it' : 'them'}, under Sync.
              </li>
            )}
            <li>Your job sheet is removed from this phone until you log in again and it downloads.</li>
          </ul>
        </div>
        <FormError className="mt-2 text-sm text-red-700" message={error} />
      </Modal>
    </>
  )
}
