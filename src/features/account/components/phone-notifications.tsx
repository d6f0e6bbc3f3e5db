import { Switch } from '../../../components/ui/switch'
import { errorMessage } from '../../../lib/api-client'
import { PushError } from '../../../lib/push'
import { usePhoneNotifications } from '../api'

/**
 * "Notifications on this phone": the user's in-app notifications (a booking confirmed, the technician on
 * the way, tomorrow's visit, an invoice, a new job) also reach this device's notification tray, even with
 * the app closed. Per device: each phone or computer is turned on by itself.
 */
export function PhoneNotifications({ userId }: { userId: number }) {
  const { status, turnOn, turnOff } = usePhoneNotifications(userId)
  const state = status.data?.state
  const busy = turnOn.isPending || turnOff.isPending
  const failure = turnOn.error ?? turnOff.error
  return (
    <section aria-labelledby="phone-notifications" className="mb-6 rounded-xl bg-slate-50 p-4">
      <h3 id="phone-notifications" className="font-semibold text-slate-900">
        On this phone
      </h3>
      {status.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-500">
          Checking this phone...
        </p>
      ) : state === 'unsupported' ? (
        <p className="mt-2 text-sm text-slate-600">
          {status.data?.state === 'unsupported' && status.data.reason}
        </p>
      ) : state === 'blocked' ? (
        <p className="mt-2 text-sm text-slate-600">
          Notifications are blocked for this site. To get them, allow notifications in the browser’s site
          settings (the lock or info icon beside the address), then reload this page.
        </p>
      ) : (
        <Switch
          label="Notifications on this phone"
          description="Your updates appear on this phone even when the app is closed. Turn it on on each phone you use."
          checked={state === 'on'}
          onChange={(on) => {
            if (busy) return
            turnOn.reset()
            turnOff.reset()
            if (on) turnOn.mutate()
            else turnOff.mutate()
          }}
        />
      )}
      {/* The live region exists whenever the switch does, so what it says is announced. */}
      {(state === 'on' || state === 'off') && (
        <p
          role={failure ? 'alert' : 'status'}
          className={`text-sm ${failure ? 'text-red-600' : 'text-slate-600'}`}
        >
          {busy
            ? turnOn.isPending
              ? 'Turning notifications on...'
              : 'Turning notifications off...'
            : failure
              ? failure instanceof PushError
                ? failure.message
                : errorMessage(
                    failure,
                    'Could not change notifications on this phone. Check your connection and try again.',
                  )
              : turnOn.isSuccess
                ? 'Notifications are on for this phone.'
                : turnOff.isSuccess
                  ? 'Notifications are off for this phone.'
                  : ''}
        </p>
      )}
    </section>
  )
}
