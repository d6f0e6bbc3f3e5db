import ComingSoon from '../ComingSoon'

export default function About() {
  return <ComingSoon title="About Us" />
}
