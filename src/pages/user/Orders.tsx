import ComingSoon from '../ComingSoon'

export default function Orders() {
  return <ComingSoon title="Orders" />
}
