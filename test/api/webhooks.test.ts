import type { Payload } from 'payload'

import { createLocalReq, initTransaction, killTransaction } from 'payload'

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { SanitizedPluginConfig } from '../../src/types'

import { pluginOptionsOf } from '../../src/pluginOptions'
import { deliverDueWebhooks } from '../../src/webhooks/deliverWebhooks'
import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

type Received = { body: string; headers: Record<string, string> }

/**
 * A receiver on this machine, as a consumer runs one: it records every request, answering 200
 * (or what `answer` says). It can be stopped and started again on the same port.
 */
class Receiver {
  received: Received[] = []
  answer = 200
  port = 0
  private server?: http.Server

  async start(): Promise<void> {
    if (this.server) return
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        this.received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          headers: req.headers as Record<string, string>,
        })
        res.writeHead(this.answer, { 'content-type': 'text/plain' }).end(`answer ${this.answer}`)
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve))
    this.port = (this.server.address() as AddressInfo).port
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (!server) return
    const closed = new Promise((resolve) => server.close(resolve))
    server.closeAllConnections()
    await closed
  }

  get url() {
    return `http://127.0.0.1:${this.port}/hook`
  }
}

/**
 * Outbound webhooks (issue 27, part 1): administrators' alone, signed as Standard Webhooks says
 * (verified here with the specification's own library), sent by the job's turn after the save,
 * retried with the same id until the receiver answers.
 */
describe('outbound webhooks', () => {
  let payload: Payload
  let api: TestServer
  let options: SanitizedPluginConfig
  let admin: TestUser
  let editor: TestUser
  const receiver = new Receiver()
  const created: number[] = []

  const rest = async (
    user: TestUser,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ body: Record<string, any>; status: number; text: string }> => {
    const response = await fetch(`${api.url}/api${path}`, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
      method,
    })
    const text = await response.text()
    return { body: text ? JSON.parse(text) : {}, status: response.status, text }
  }
  const createWebhook = async (events: string[], url = receiver.url) => {
    const answer = await rest(admin, 'POST', '/webhooks', { events, url })
    expect(answer.status, answer.text).toBe(201)
    created.push(answer.body.doc.id)
    return answer.body.doc as { id: number; secret: string }
  }
  const createEvent = (data: Record<string, unknown> = {}) =>
    payload.create({
      collection: 'events',
      data: {
        title: unique('Hooked'),
        startDate: '2027-09-01T10:00:00.000Z',
        endDate: '2027-09-01T11:00:00.000Z',
        status: 'publish',
        ...data,
      } as never,
      overrideAccess: true,
    })
  const updateEvent = (id: number, data: Record<string, unknown>) =>
    payload.update({ collection: 'events', data: data as never, id, overrideAccess: true })
  const deliveriesOf = async (webhook: number) =>
    (
      await payload.find({
        collection: 'webhook-deliveries',
        overrideAccess: true,
        pagination: false,
        sort: 'id',
        where: { webhook: { equals: webhook } },
      })
    ).docs as unknown as Array<Record<string, any>>
  const deliver = (clock?: () => Date) => deliverDueWebhooks(payload, options, clock)

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    options = pluginOptionsOf(payload)
    options.webhooks.allowedHosts = ['127.0.0.1']
    admin = await createUser(payload, 'administrator')
    editor = await createUser(payload, 'editor')
    await receiver.start()
  })

  afterAll(async () => {
    // The webhooks of this file are gone before the next file of this worker writes anything.
    for (const id of created)
      await payload.delete({ collection: 'webhooks', id, overrideAccess: true })
    options.webhooks.allowedHosts = []
    await receiver.stop()
    await api?.close()
  })

  beforeEach(async () => {
    // Each test hears only its own webhook; nothing of an earlier test waits to be sent.
    for (const id of created)
      await payload.update({
        collection: 'webhooks',
        data: { enabled: false } as never,
        id,
        overrideAccess: true,
      })
    await deliver()
    receiver.received = []
    receiver.answer = 200
  })

  it('signs every delivery so that standardwebhooks verifies it; a tampered body fails', async () => {
    const webhook = await createWebhook(['event.published', 'event.updated', 'event.trashed'])
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    // Each change is sent at the job's next turn, with the item as a visitor sees it then.
    const turns: Array<Record<string, number>> = []
    const draft = await createEvent({ status: 'draft' })
    const event = await createEvent()
    // Nothing is sent inside the saves: the job's turn sends it.
    expect(receiver.received).toEqual([])
    turns.push(await deliver())
    await updateEvent(event.id as number, { title: 'Hooked, renamed' })
    turns.push(await deliver())
    const seen = await fetch(`${api.url}/wp-json/vendor/events/v1/events/${event.id}`)
    expect(seen.status).toBe(200)
    const visitorAnswer = await seen.json()
    // A save that changes nothing a visitor sees is no update to tell.
    await updateEvent(event.id as number, { title: 'Hooked, renamed' })
    turns.push(await deliver())
    await updateEvent(event.id as number, { status: 'trash' })
    turns.push(await deliver())
    expect(turns.map(({ delivered, skipped }) => ({ delivered, skipped }))).toEqual([
      { delivered: 1, skipped: 0 },
      { delivered: 1, skipped: 0 },
      { delivered: 0, skipped: 1 },
      { delivered: 1, skipped: 0 },
    ])
    const verifier = new Webhook(webhook.secret)
    const bodies = receiver.received.map(({ body, headers }) => {
      expect(headers['content-type']).toBe('application/json')
      return verifier.verify(body, headers) as Record<string, any>
    })
    expect(bodies.map((body) => body.type)).toEqual([
      'event.published',
      'event.updated',
      'event.trashed',
    ])
    expect(bodies.every((body) => body.data.id === event.id)).toBe(true)
    expect(bodies.some((body) => body.data.id === draft.id)).toBe(false)
    // The item as a visitor reads it from the compatibility API; a trashed one only by its id.
    expect(bodies[1]!.data).toEqual(visitorAnswer)
    expect(bodies[1]!.data).toMatchObject({ id: event.id, title: 'Hooked, renamed' })
    expect(bodies[2]!.data).toEqual({ id: event.id })
    const logged = await deliveriesOf(webhook.id)
    expect(bodies.map((body) => body.delivery_id)).toEqual(
      logged.filter((row) => row.status === 'delivered').map((row) => row.messageId),
    )
    expect(receiver.received.map(({ headers }) => headers['webhook-id'])).toEqual(
      bodies.map((body) => body.delivery_id),
    )
    expect(logged.map((row) => row.status)).toEqual([
      'delivered',
      'delivered',
      'skipped',
      'delivered',
    ])
    expect(logged[0]).toMatchObject({
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: 'answer 200',
    })
    expect(typeof logged[0]!.durationMs).toBe('number')

    const { body, headers } = receiver.received[1]!
    const tampered = body.replace('Hooked, renamed', 'Hooked, altered')
    expect(tampered).not.toBe(body)
    expect(() => verifier.verify(tampered, headers)).toThrow()
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(body, headers),
    ).toThrow()
  })

  it('a delivery missed while the receiver was down arrives after it comes back, with the same webhook-id', async () => {
    const webhook = await createWebhook(['event.published'])
    await receiver.stop()
    try {
      const event = await createEvent()
      expect(await deliver()).toMatchObject({ retrying: 1 })
      const [missed] = await deliveriesOf(webhook.id)
      expect(missed).toMatchObject({ attempts: 1, status: 'pending' })
      expect(missed!.error).toMatch(/ECONNREFUSED/)
      // Not due before its back-off has passed.
      expect(await deliver()).toMatchObject({ retrying: 0, delivered: 0 })
      await receiver.start()
      const later = () => new Date(Date.now() + 6_000)
      expect(await deliver(later)).toMatchObject({ delivered: 1 })
      expect(receiver.received).toHaveLength(1)
      const [{ body, headers }] = receiver.received as [Received]
      expect(headers['webhook-id']).toBe(missed!.messageId)
      expect(JSON.parse(body)).toMatchObject({
        data: { id: event.id },
        delivery_id: missed!.messageId,
      })
      const [delivered] = await deliveriesOf(webhook.id)
      expect(delivered).toMatchObject({ attempts: 2, status: 'delivered', error: null })
    } finally {
      await receiver.start().catch(() => undefined)
    }
  })

  it('keeps the order of one item: a later change waits for the earlier one', async () => {
    const webhook = await createWebhook(['event.published', 'event.unpublished'])
    receiver.answer = 503
    const event = await createEvent()
    await updateEvent(event.id as number, { status: 'draft' })
    expect(await deliver()).toMatchObject({ retrying: 1 })
    expect(receiver.received.map(({ body }) => JSON.parse(body).type)).toEqual(['event.published'])
    receiver.answer = 200
    await deliver(() => new Date(Date.now() + 6_000))
    expect(receiver.received.map(({ body }) => JSON.parse(body).type)).toEqual([
      'event.published',
      'event.published',
      'event.unpublished',
    ])
    const logged = await deliveriesOf(webhook.id)
    expect(logged[0]).toMatchObject({ responseStatus: 200, status: 'delivered', attempts: 2 })
  })

  it('a save that fails records nothing to send', async () => {
    const webhook = await createWebhook(['event.updated'])
    const event = await createEvent()
    await expect(
      updateEvent(event.id as number, {
        title: 'Never saved',
        endDate: '2027-08-01T00:00:00.000Z',
      }),
    ).rejects.toThrow()
    // A save that fails after its hooks ran (rolled back at the end): its delivery goes with it.
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    await payload.update({
      collection: 'events',
      data: { title: 'Rolled back' } as never,
      id: event.id,
      overrideAccess: true,
      req,
    })
    expect(await deliveriesOf(webhook.id)).toEqual([])
    await killTransaction(req)
    expect(await deliveriesOf(webhook.id)).toEqual([])
    await updateEvent(event.id as number, { title: 'Saved' })
    expect(await deliveriesOf(webhook.id)).toHaveLength(1)
  })

  it('tells an occurrence cancelled, a category changed, an event deleted', async () => {
    const webhook = await createWebhook([
      'event.occurrence_cancelled',
      'event.updated',
      'event.deleted',
      'category.changed',
    ])
    const series = await createEvent({
      startDate: '2027-03-01T14:00:00.000Z',
      endDate: '2027-03-01T15:30:00.000Z',
      timezone: 'America/New_York',
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3' },
    })
    const listed = await rest(
      admin,
      'GET',
      `/events/${series.id}/occurrences?from=2027-01-01&to=2028-01-01`,
    )
    expect(listed.status, listed.text).toBe(200)
    const occurrence = listed.body.docs[1].id as number
    const cancelled = await rest(admin, 'PATCH', `/events/${series.id}/occurrences/${occurrence}`, {
      status: 'cancelled',
    })
    expect(cancelled.status, cancelled.text).toBe(200)
    await deliver()
    const category = await payload.create({
      collection: 'event-categories',
      data: { name: unique('Hooked category') } as never,
      overrideAccess: true,
    })
    await deliver()
    await payload.delete({ collection: 'events', id: series.id, overrideAccess: true })
    await deliver()
    const bodies = receiver.received.map(({ body, headers }) =>
      new Webhook(webhook.secret).verify(body, headers),
    ) as Array<Record<string, any>>
    expect(bodies.map((body) => body.type)).toEqual([
      'event.occurrence_cancelled',
      'category.changed',
      'event.deleted',
    ])
    expect(bodies[0]).toMatchObject({ data: { id: series.id }, occurrence_id: occurrence })
    expect(bodies[1]!.data).toMatchObject({ id: category.id, name: (category as any).name })
    expect(bodies[2]!.data).toEqual({ id: series.id })
  })

  it('with the plugin’s webhooks off, records nothing', async () => {
    const webhook = await createWebhook(['event.published'])
    options.webhooks.enabled = false
    try {
      await createEvent()
    } finally {
      options.webhooks.enabled = true
    }
    expect(await deliveriesOf(webhook.id)).toEqual([])
    await createEvent()
    expect(await deliveriesOf(webhook.id)).toHaveLength(1)
  })

  it('after a rotation, deliveries are signed with the new secret and, for a while, the old one', async () => {
    const webhook = await createWebhook(['event.published'])
    const rotated = await rest(admin, 'PATCH', `/webhooks/${webhook.id}`, { rotateSecret: true })
    expect(rotated.status, rotated.text).toBe(200)
    const secret = rotated.body.doc.secret as string
    expect(secret).toMatch(/^whsec_/)
    expect(secret).not.toBe(webhook.secret)
    await createEvent()
    await deliver()
    const [{ body, headers }] = receiver.received as [Received]
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2)
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'event.published' })
    expect(new Webhook(webhook.secret).verify(body, headers)).toMatchObject({
      type: 'event.published',
    })
  })

  it('are the administrators’ alone, and the secret is never read back', async () => {
    const webhook = await createWebhook(['event.published'])
    await createEvent()
    await deliver()
    const everything: string[] = []
    for (const path of [
      '/webhooks',
      `/webhooks/${webhook.id}`,
      '/webhook-deliveries',
      `/webhooks/${webhook.id}?joins[deliveries][limit]=5`,
    ]) {
      const answer = await rest(admin, 'GET', path)
      expect(answer.status, path).toBe(200)
      everything.push(answer.text)
    }
    const graphql = await fetch(`${api.url}/api/graphql`, {
      body: JSON.stringify({ query: '{ Webhooks { docs { id url events enabled } } }' }),
      headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
      method: 'POST',
    })
    everything.push(await graphql.text())
    expect(everything[4]).toContain(receiver.url)
    for (const text of everything) {
      expect(text).not.toContain(webhook.secret)
      expect(text).not.toContain(webhook.secret.slice(6))
    }
    // GraphQL names the hidden fields, and answers them empty.
    const secretField = await fetch(`${api.url}/api/graphql`, {
      body: JSON.stringify({ query: '{ Webhooks { docs { id secret previousSecret } } }' }),
      headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
      method: 'POST',
    })
    const secretAnswer = (await secretField.json()) as { data: { Webhooks: { docs: any[] } } }
    expect(secretAnswer.data.Webhooks.docs.length).toBeGreaterThan(0)
    for (const doc of secretAnswer.data.Webhooks.docs)
      expect(doc).toMatchObject({ previousSecret: null, secret: null })
    // A secret given by the caller is not taken.
    const given = await rest(admin, 'PATCH', `/webhooks/${webhook.id}`, { secret: 'whsec_mine' })
    expect(given.status).toBe(200)
    expect(given.text).not.toContain('whsec_')

    for (const [method, path, body] of [
      ['GET', '/webhooks', undefined],
      ['GET', `/webhooks/${webhook.id}`, undefined],
      ['POST', '/webhooks', { events: ['event.published'], url: receiver.url }],
      ['PATCH', `/webhooks/${webhook.id}`, { enabled: false }],
      ['DELETE', `/webhooks/${webhook.id}`, undefined],
      ['GET', '/webhook-deliveries', undefined],
    ] as const) {
      const answer = await rest(editor, method, path, body)
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(answer.text).not.toContain('whsec_')
    }
    const editorGraphql = await fetch(`${api.url}/api/graphql`, {
      body: JSON.stringify({ query: '{ Webhooks { docs { id url } } }' }),
      headers: { 'content-type': 'application/json', ...basic(editor.email, editor.password) },
      method: 'POST',
    })
    const editorAnswer = (await editorGraphql.json()) as { data?: any; errors?: unknown[] }
    expect(editorAnswer.errors?.length).toBeGreaterThan(0)
    expect(JSON.stringify(editorAnswer)).not.toContain(receiver.url)
    // Deliveries are written by the server only, not through the API.
    const forged = await rest(admin, 'POST', '/webhook-deliveries', {
      event: 'event.published',
      webhook: webhook.id,
    })
    expect(forged.status).toBe(403)
  })

  it('refuses a target on a private address, unless its host is allowed', async () => {
    for (const url of [
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      `http://localhost:${receiver.port}/hook`,
      'http://[::1]/hook',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const answer = await rest(admin, 'POST', '/webhooks', { events: ['event.published'], url })
      expect(answer.status, url).toBe(400)
      expect(answer.body.errors[0].data.errors[0]).toMatchObject({ path: 'url' })
      expect(answer.text).not.toMatch(/at \w+ \(/)
    }
    // A host allowed once, then no longer: the delivery is refused at the time of sending too.
    const webhook = await createWebhook(['event.published'])
    options.webhooks.allowedHosts = []
    try {
      await createEvent()
      expect(await deliver()).toMatchObject({ retrying: 1 })
      expect(receiver.received).toEqual([])
      const [refused] = await deliveriesOf(webhook.id)
      expect(refused!.error).toMatch(/private or internal address/)
    } finally {
      options.webhooks.allowedHosts = ['127.0.0.1']
      await payload.update({
        collection: 'webhooks',
        data: { enabled: false } as never,
        id: webhook.id,
        overrideAccess: true,
      })
    }
  })
})
