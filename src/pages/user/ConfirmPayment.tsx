import ComingSoon from '../ComingSoon'

export default function ConfirmPayment() {
  return <ComingSoon title="Payment" />
}
