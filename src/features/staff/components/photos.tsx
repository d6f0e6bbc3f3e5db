import { useEffect, useState, type ChangeEvent } from 'react'
import { Camera, CloudOff } from 'lucide-react'
import type { PhotoKind } from '../../../../contract/job-status.js'
import type { LocalJob } from '../jobs'
import { jobPhotoUrl } from '../api'
import { resizePhoto } from '../photo'
import { Field } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-actions'

function Thumb({ jobId, photo }: { jobId: number; photo: LocalJob['photos'][number] }) {
  const [src, setSrc] = useState<string | undefined>(photo.url ? jobPhotoUrl(jobId, photo.id) : undefined)
  useEffect(() => {
    if (!photo.blob) return
    const url = URL.createObjectURL(photo.blob)
    setSrc(url)
    return () => URL.revokeObjectURL(url)
  }, [photo.blob])
  return (
    <figure className="relative overflow-hidden rounded-lg bg-slate-100">
      {src && <img src={src} alt={`${photo.kind} photo`} className="aspect-square w-full object-cover" />}
      <figcaption className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-black/55 px-1.5 py-0.5 text-xs text-white capitalize">
        {photo.pending && <CloudOff className="size-3" aria-label="waiting to sync" />}
        {photo.kind}
      </figcaption>
    </figure>
  )
}

/** Photos of the job, and Add photo from the camera (resized here, stored, uploaded when there is data). */
export function Photos({
  jobId,
  photos,
  canAdd,
  onAdd,
}: {
  jobId: number
  photos: LocalJob['photos']
  canAdd: boolean
  onAdd: (kind: PhotoKind, blob: Blob) => Promise<unknown>
}) {
  const [kind, setKind] = useState<PhotoKind>('before')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setBusy(true)
    setError('')
    try {
      await onAdd(kind, await resizePhoto(file))
    } catch {
      setError('Could not save the photo on this phone. Try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="space-y-3">
      {photos.length > 0 && (
        <div className="grid grid-cols-3 gap-2">
          {photos.map((p) => (
            <Thumb key={p.id} jobId={jobId} photo={p} />
          ))}
        </div>
      )}
      {canAdd && (
        <div className="flex items-end gap-2">
          <Field id="photo-kind" label="Photo type" className="flex-1">
            <select className="field" value={kind} onChange={(e) => setKind(e.target.value as PhotoKind)}>
              <option value="before">Before</option>
              <option value="after">After</option>
              <option value="issue">Issue</option>
            </select>
          </Field>
          <label className={`btn-primary cursor-pointer px-4 py-2.5 ${busy ? 'opacity-60' : ''}`}>
            <Camera className="size-4" aria-hidden />
            {busy ? 'Saving…' : 'Add photo'}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={pick}
              disabled={busy}
              aria-label="Add photo"
            />
          </label>
        </div>
      )}
      <FormError message={error} />
    </div>
  )
}
