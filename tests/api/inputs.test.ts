import { describe, expect, it } from 'vitest'
import { Client, countRows } from './helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'

onEachLoggedInApp()

describe('bodies the parser refuses', () => {
  it.each(['add/products/', 'add/produts/1/', 'add/products/1/'])(
    'a malformed multipart body on %s is 400 with a message, not 500',
    async (path) => {
      const res = await admin.post(path, undefined, { 'Content-Type': 'multipart/form-data; boundary=zz' })
      const raw = await admin.rawPost(path, { 'Content-Type': 'multipart/form-data; boundary=zz' }, 'garbage')
      expect(res.status).toBe(400)
      expect(raw.status).toBe(400)
      expect((await raw.json()).message).toMatch(/form could not be read/)
    },
  )

  it('a NUL character in any text is 400 on both engines (PostgreSQL cannot store one), nothing is written', async () => {
    const reset = await new Client(t.app).post('password-reset/', { email: 'a\u0000@b.ng' })
    expect(reset.status).toBe(400)
    expect(reset.body).toEqual({ message: 'Text cannot contain a NUL character.', field: 'email' })
    const before = await t.db.selectFrom('messages').select('id').execute()
    const message = await new Client(t.app).post('quick/message/', {
      name: 'Ada',
      email: 'ada@example.ng',
      message: 'Hello\u0000there',
    })
    expect(message.status).toBe(400)
    expect(message.body.field).toBe('message')
    expect(await t.db.selectFrom('messages').select('id').execute()).toHaveLength(before.length)
  })

  it('malformed JSON is 400 with a message', async () => {
    const res = await customer.rawPost(
      'appointment/',
      { 'Content-Type': 'application/json' },
      '{"phone_number": ',
    )
    expect(res.status).toBe(400)
    expect(typeof (await res.json()).message).toBe('string')
  })

  it.each([
    ['the customer', 'api/initiate-payment/'],
    ['the admin', 'admins/order_actions/{first order}/'],
  ])(
    'malformed JSON from %s on %s, whose body may be left out, is 400 and changes nothing',
    async (who, call) => {
      const order = await t.db
        .selectFrom('orders')
        .select(['id', 'status'])
        .orderBy('id')
        .executeTakeFirstOrThrow()
      const caller = who === 'the admin' ? admin : customer
      const path = call.replace('{first order}', String(order.id))
      const res = await caller.rawPost(path, { 'Content-Type': 'application/json' }, '{"status": ')
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ message: 'Malformed JSON in request body' })
      expect(await countRows(t.db, 'payments')).toBe(3)
      expect(
        await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirst(),
      ).toEqual({
        status: order.status,
      })
    },
  )
})

describe('body size limits', () => {
  it('refuses a 20 MB JSON body with 413 from its Content-Length, before reading it', async () => {
    let pulled = 0
    const chunk = new Uint8Array(64 * 1024).fill(0x20)
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length
        if (pulled > 20 * 1024 * 1024) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const res = await customer.rawPost(
      'quick/message/',
      { 'Content-Type': 'application/json', 'Content-Length': String(20 * 1024 * 1024) },
      body,
    )
    expect(res.status).toBe(413)
    expect((await res.json()).message).toMatch(/too large/)
    // Only what the stream buffered ahead was pulled, not the 20 MB.
    expect(pulled).toBeLessThan(1024 * 1024)
  })

  it('stops reading a streamed JSON body without a length once it passes 64 KB', async () => {
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 16 * 1024
        if (pulled > 20 * 1024 * 1024) controller.close()
        else controller.enqueue(new Uint8Array(16 * 1024).fill(0x20))
      },
    })
    const res = await customer.rawPost(
      'quick/message/',
      { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body,
    )
    expect(res.status).toBe(413)
    expect(pulled).toBeLessThan(256 * 1024)
  })

  it('a JSON body under the limit still goes through', async () => {
    const res = await customer.post('quick/message/', {
      name: 'Ada',
      email: 'ada@test.ng',
      message: 'x'.repeat(2000),
    })
    expect(res.status).toBe(201)
  })
})
