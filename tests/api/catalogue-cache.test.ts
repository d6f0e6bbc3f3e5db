/**
 * GET add/products/ from memory: an ETag and a 304 for an unchanged catalogue, compressed
 * bytes for browsers that take them, and a new answer after any write to products.
 */
import zlib from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Client, makeLoggedInApp, productForm, type TestContext } from './helpers'

let t: TestContext
let admin: Client
beforeEach(async () => {
  ;({ t, admin } = await makeLoggedInApp())
})
afterEach(() => t.close())

const list = (headers: Record<string, string> = {}) => t.app.request('/api/add/products/', { headers })
const etagOf = async () => (await list()).headers.get('ETag')!

describe('GET add/products/ caching', () => {
  it('carries an ETag and answers 304 with no body when the browser already has this catalogue', async () => {
    const first = await list()
    expect(first.status).toBe(200)
    const etag = first.headers.get('ETag')
    expect(etag).toMatch(/^W\/".+"$/)
    expect(first.headers.get('Cache-Control')).toBe('no-cache')

    const again = await list({ 'If-None-Match': etag! })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('ETag')).toBe(etag)
    // Strong form and lists match too (weak comparison); another tag does not.
    expect((await list({ 'If-None-Match': `"x", ${etag!.slice(2)}` })).status).toBe(304)
    expect((await list({ 'If-None-Match': 'W/"stale"' })).status).toBe(200)
  })

  it('sends brotli or gzip to browsers that accept them, the same list once decoded', async () => {
    const plain = await (await list()).text()
    const br = await list({ 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Vary')).toBe('Accept-Encoding')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.length).toBeLessThan(plain.length)
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(plain)
    const gz = await list({ 'Accept-Encoding': 'gzip' })
    expect(gz.headers.get('Content-Encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain)
    expect(JSON.parse(plain).length).toBeGreaterThan(0)
  })

  it('answers the edited catalogue, with a new ETag, right after an admin edit, a new product and a delete', async () => {
    const before = await etagOf()
    const [first] = (await admin.get('add/products/')).body
    const form = new FormData()
    form.set('price', '999')
    expect((await admin.post(`add/produts/${first.id}/`, form)).status).toBe(201)
    const edited = await list({ 'If-None-Match': before })
    expect(edited.status).toBe(200)
    expect((await edited.json()).find((p: { id: number }) => p.id === first.id).price).toBe(999)
    const afterEdit = edited.headers.get('ETag')!
    expect(afterEdit).not.toBe(before)

    const add = productForm({
      name: 'Rat Bait',
      category: 'Pest Control',
      description: 'Bait.',
      price: '500',
      stock: '3',
    })
    const created = await admin.post('add/products/', add)
    expect(created.status).toBe(201)
    const afterAdd = await etagOf()
    expect(afterAdd).not.toBe(afterEdit)
    expect((await (await list()).json()).map((p: { id: number }) => p.id)).toContain(created.body.id)

    expect((await admin.request('DELETE', `admins/delete/${created.body.id}/product/`)).status).toBe(204)
    expect(await etagOf()).not.toBe(afterAdd)
    expect((await (await list()).json()).map((p: { id: number }) => p.id)).not.toContain(created.body.id)
  })

  it('requests arriving together share one rebuild, and each sees the edit made before it', async () => {
    const [first] = (await admin.get('add/products/')).body
    const before = await etagOf()
    const edit = async (price: string) => {
      const form = new FormData()
      form.set('price', price)
      expect((await admin.post(`add/produts/${first.id}/`, form)).status).toBe(201)
    }
    await edit('111')
    const together = await Promise.all(Array.from({ length: 5 }, () => list()))
    const tags = new Set(together.map((r) => r.headers.get('ETag')))
    expect(tags.size).toBe(1)
    expect(tags.has(before)).toBe(false)
    // A list already being rebuilt for the old version is not what a later edit's caller gets.
    const inFlight = list()
    await edit('222')
    const after = await (await list()).json()
    expect(after.find((p: { id: number }) => p.id === first.id).price).toBe(222)
    await inFlight
  })

  it('sees stock taken by any writer (settlement updates products directly)', async () => {
    const before = await etagOf()
    const [first] = (await admin.get('add/products/')).body
    await t.db
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', 1) }))
      .where('id', '=', first.id)
      .execute()
    const res = await list({ 'If-None-Match': before })
    expect(res.status).toBe(200)
    expect((await res.json()).find((p: { id: number }) => p.id === first.id).stock).toBe(first.stock - 1)
  })
})
