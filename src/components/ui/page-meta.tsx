import type { ReactNode } from 'react'

export const SITE_NAME = 'GreenShield'

/**
 * The route's own <title> (and description, for public pages). React 19 hoists these into <head>
 * and removes them when the route leaves, so each route names itself in tabs, history and search results.
 */
export function PageMeta({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children?: ReactNode
}) {
  return (
    <>
      <title>{`${title} | ${SITE_NAME}`}</title>
      {description && <meta name="description" content={description} />}
      {children}
    </>
  )
}
