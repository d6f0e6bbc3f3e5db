import { escapeToBuffer } from 'hono/utils/html'

/** Text made safe for HTML text and quoted attributes, with the escaping Hono's html`` templates use. */
export function escapeHtml(text: string): string {
  const buffer: [string] = ['']
  escapeToBuffer(text, buffer)
  return buffer[0]
}
