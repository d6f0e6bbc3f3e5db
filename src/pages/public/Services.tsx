import ComingSoon from '../ComingSoon'

export default function Services() {
  return <ComingSoon title="Services" />
}
