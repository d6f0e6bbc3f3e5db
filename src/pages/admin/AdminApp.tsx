import ComingSoon from '../ComingSoon'

export default function AdminApp() {
  return <ComingSoon title="Admin" />
}
