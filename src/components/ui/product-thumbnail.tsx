/** A product's small picture beside its name (cart lines, orders): decorative, the name says what it is. */
import { mediaUrl } from '../../lib/api-client'

const THUMBNAIL = 'size-20 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-contain p-1'

export function ProductThumbnail({ image, className }: { image: string; className?: string }) {
  return (
    <img
      src={mediaUrl(image)}
      alt=""
      loading="lazy"
      className={className ? `${THUMBNAIL} ${className}` : THUMBNAIL}
    />
  )
}
