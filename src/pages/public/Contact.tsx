import ComingSoon from '../ComingSoon'

export default function Contact() {
  return <ComingSoon title="Contact" />
}
