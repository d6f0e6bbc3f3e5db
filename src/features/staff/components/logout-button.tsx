import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { LogOut } from 'lucide-react'
import { Modal } from '../../../components/ui/modal'
import { useSession } from '../../../lib/session'

/** Logging out with unsent work asks first; the work stays queued and goes after the next login. */
export function LogoutButton({ unsent }: { unsent: number }) {
  const logout = useSession((s) => s.logout)
  const navigate = useNavigate()
  const [asking, setAsking] = useState(false)
  const [error, setError] = useState('')
  const go = async () => {
    try {
      await logout()
      navigate('/login', { replace: true })
    } catch {
      setError('Could not log out without a connection. Try again when you have data.')
    }
  }
  return (
    <>
      <button
        type="button"
        className="btn-secondary shrink-0 px-3 py-2 text-sm whitespace-nowrap"
        onClick={() => (unsent > 0 ? setAsking(true) : void go())}
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
        <p className="text-sm text-slate-700">
          {unsent} {unsent === 1 ? 'update has' : 'updates have'} not reached the office yet. If you log out,{' '}
          {unsent === 1 ? 'it stays' : 'they stay'} saved on this phone and {unsent === 1 ? 'is' : 'are'} sent
          the next time you log in here. Nothing is deleted.
        </p>
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </Modal>
    </>
  )
}
