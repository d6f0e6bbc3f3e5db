import ComingSoon from '../ComingSoon'

export default function UserSettings() {
  return <ComingSoon title="Settings" />
}
