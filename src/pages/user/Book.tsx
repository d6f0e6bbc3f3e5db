import ComingSoon from '../ComingSoon'

export default function Book() {
  return <ComingSoon title="Book an Appointment" />
}
