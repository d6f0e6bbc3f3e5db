import { useState } from 'react'
import { ArrowRight, CalendarDays } from 'lucide-react'
import { formatDate } from '../../../../contract/dates.js'
import { container, PageHero } from '../components/section'
import { Modal } from '../../../components/ui/modal'
import { POSTS, postImage, type BlogPost } from '../content/blog'

// Noon, so the calendar day is the same in every time zone.
const postDate = (day: string) => formatDate(`${day}T12:00:00`)

export default function Blog() {
  const [reading, setReading] = useState<BlogPost | null>(null)
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Tips for a healthier, pest-free home"
        intro="Advice from our technicians and cleaning specialists, written for Nigerian homes and businesses."
      />
      <section className={`${container} py-16 sm:py-20`} aria-label="Posts">
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {POSTS.map((post) => (
            <li key={post.title}>
              <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
                <img {...postImage(post)} loading="lazy" className="aspect-[8/5] w-full object-cover" />
                <div className="flex flex-1 flex-col p-6">
                  <div className="flex flex-wrap items-center gap-3 text-xs">
                    <span className="rounded-full bg-brand-50 px-2.5 py-1 font-semibold text-brand-800">
                      {post.category}
                    </span>
                    <span className="inline-flex items-center gap-1 text-slate-500">
                      <CalendarDays className="size-3.5" aria-hidden />
                      <time dateTime={post.date}>{postDate(post.date)}</time>
                    </span>
                  </div>
                  <h2 className="mt-4 text-xl font-bold text-slate-900">{post.title}</h2>
                  <p className="mt-3 flex-1 leading-relaxed text-slate-600">{post.excerpt}</p>
                  <button
                    type="button"
                    onClick={() => setReading(post)}
                    className="mt-6 inline-flex items-center gap-1.5 self-start rounded font-semibold text-brand-700 hover:text-brand-900"
                  >
                    Read more<span className="sr-only">: {post.title}</span>
                    <ArrowRight className="size-4" aria-hidden />
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <Modal open={reading !== null} title={reading?.title ?? ''} onClose={() => setReading(null)} size="lg">
        {reading && (
          <article>
            <img {...postImage(reading)} className="aspect-[8/5] w-full rounded-xl object-cover" />
            <p className="mt-4 text-sm text-slate-500">
              {reading.category} · <time dateTime={reading.date}>{postDate(reading.date)}</time>
            </p>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
              {reading.body.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </article>
        )}
      </Modal>
    </>
  )
}
