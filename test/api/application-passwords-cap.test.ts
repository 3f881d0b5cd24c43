import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MAX_APPLICATION_PASSWORDS } from '../../collections/ApplicationPasswords/hooks/capApplicationPasswords'
import { createUser, getTestPayload, type TestUser } from '../helpers/payload'
import { requestAs, serveAllApis, type TestServer } from '../helpers/http'

/*
 * An account holds at most MAX_APPLICATION_PASSWORDS application passwords
 * (collections/ApplicationPasswords/hooks/capApplicationPasswords.ts), over Payload's REST API,
 * where anyone signed in issues their own: the one over the bound is refused in Payload's shape
 * and nothing is stored, and two issued at once at the bound do not both pass.
 */
describe('application passwords per account are bounded', () => {
  let payload: Payload
  let api: TestServer
  let subscriber: TestUser

  const held = async (user: TestUser) =>
    (
      await payload.count({
        collection: 'application-passwords',
        where: { user: { equals: user.id } },
      })
    ).totalDocs

  const issue = (name: string) =>
    requestAs(api, subscriber, 'POST', '/api/application-passwords', { name })

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    subscriber = await createUser(payload, 'subscriber')
    for (let index = 1; index < MAX_APPLICATION_PASSWORDS; index++)
      await payload.create({
        collection: 'application-passwords',
        data: { name: `Script ${index}`, user: subscriber.id } as never,
      })
  })
  afterAll(async () => {
    await payload.delete({
      collection: 'application-passwords',
      where: { user: { equals: subscriber.id } },
    })
    await api.close()
  })

  it('issues up to the bound, then refuses with a 400 that says why, storing nothing', async () => {
    expect((await issue('The last one')).status).toBe(201)
    expect(await held(subscriber)).toBe(MAX_APPLICATION_PASSWORDS)
    const refused = await issue('One too many')
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].data.errors[0]).toMatchObject({
      message: expect.stringContaining(`at most ${MAX_APPLICATION_PASSWORDS}`),
      path: 'name',
    })
    expect(refused.text).not.toMatch(/password_hash|passwordHash|stack/i)
    expect(await held(subscriber)).toBe(MAX_APPLICATION_PASSWORDS)
  })

  it('lets only one of two issued at once take the last place', async () => {
    const { docs } = await payload.find({
      collection: 'application-passwords',
      limit: 1,
      where: { user: { equals: subscriber.id } },
    })
    await payload.delete({ collection: 'application-passwords', id: docs[0].id })
    const answers = await Promise.all([issue('First at once'), issue('Second at once')])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400])
    expect(await held(subscriber)).toBe(MAX_APPLICATION_PASSWORDS)
  })
})
