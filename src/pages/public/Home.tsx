import ComingSoon from '../ComingSoon'

export default function Home() {
  return <ComingSoon title="Home" />
}
