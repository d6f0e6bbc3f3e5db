import ComingSoon from '../ComingSoon'

export default function Blog() {
  return <ComingSoon title="Blog" />
}
