import ComingSoon from '../ComingSoon'

export default function Products() {
  return <ComingSoon title="Products" />
}
