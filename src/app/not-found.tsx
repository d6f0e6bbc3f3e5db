/** Placeholder for a screen another issue builds; says so plainly instead of pretending. */
export default function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">This page is coming soon.</p>
    </section>
  )
}
