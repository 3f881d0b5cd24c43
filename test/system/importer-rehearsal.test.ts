import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ImportFromSite } from '../../src/cli/options'

import { runImport } from '../../src/cli/commands'
import { TRUSTED_READ } from '../../src/hooks/context'
import { getTestPayload } from '../helpers/payload'
import { migratedDatabase } from '../helpers/workerDatabase'
import {
  siteOfPlainEvents,
  type FixtureHostility,
  type FixtureServer,
  type FixtureSite,
  startWpFixtureServer,
} from '../helpers/wpFixtureServer'

/*
 * What moving a real site (WordPress 7.0.4 + The Events Calendar 6.17.2) into a new one showed
 * that the fixture site of test/system/migration.test.ts did not. A database of this file's own,
 * without users at first.
 */
describe('import: what a real The Events Calendar site answers', () => {
  const database = migratedDatabase('importer_rehearsal')
  let payload: Payload
  const servers: FixtureServer[] = []
  const quiet = { interactive: false, write: () => undefined }

  /** A source of a few published events (`site.events` as given), with `users`. */
  async function sourceOf(
    events: { author?: number; hidden?: boolean; id: number; password?: string }[],
    users: { email: string; id: number; roles: string[]; username: string }[],
    hostility?: (site: FixtureSite) => FixtureHostility,
  ) {
    const site = await siteOfPlainEvents(
      events.map(({ author = users[0]!.id, hidden = false, id, password }) => ({
        author,
        description: `<p>The text of event ${id}</p>`,
        hidden,
        id,
        password,
        slug: `rehearsal-${id}`,
        title: `Rehearsal ${id}`,
      })),
      users.map(({ email, id, roles, username }) => ({
        email,
        id,
        name: username,
        roles,
        slug: username,
        username,
      })),
    )
    const server = await startWpFixtureServer(site, hostility?.(site))
    servers.push(server)
    const command: ImportFromSite = {
      command: 'import',
      concurrency: 2,
      dryRun: false,
      from: `${server.url}/wp-json`,
      languages: ['en'],
      namespace: 'tribe/events/v1',
      password: site.auth.password,
      probeHidden: true,
      roles: {},
      user: site.auth.user,
    }
    return { command, server, site }
  }

  beforeAll(async () => {
    await database.create()
    // Read when Payload's config is first imported: this file's Payload works on its own, empty database.
    process.env.DATABASE_URL = database.url
    payload = await getTestPayload()
  })
  afterAll(async () => {
    for (const server of servers) await server.close()
    await database.drop().catch(() => undefined)
  })

  /*
   * Into a site without users yet, the first user the import created for the source's authors was
   * made administrator by the first account's promotion
   * (collections/Users/hooks/makeFirstUserAdministrator.ts), whatever role the source gave them:
   * whoever controls that author's e-mail could reset its password and run the site.
   */
  it("makes no administrator of the source's authors on a site without users, and says the site has none", async () => {
    expect((await payload.count({ collection: 'users', overrideAccess: true })).totalDocs).toBe(0)
    const { command } = await sourceOf(
      [
        { author: 4, id: 5 },
        { author: 5, id: 6 },
      ],
      [
        { email: 'owner@old.example', id: 4, roles: ['administrator'], username: 'owner' },
        { email: 'writer@old.example', id: 5, roles: ['subscriber'], username: 'writer' },
      ],
    )
    const { code, report } = await runImport(payload, { ...command, probeHidden: false }, quiet)
    expect(report.failures).toEqual([])
    expect(code).toBe(0)
    const { docs } = await payload.find({
      collection: 'users',
      depth: 0,
      overrideAccess: true,
      sort: 'email',
    })
    expect(docs.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: 'owner@old.example', role: 'contributor' },
      { email: 'writer@old.example', role: 'subscriber' },
    ])
    expect(report.warnings).toContainEqual(
      expect.stringContaining('this site had no users: it has no administrator now either'),
    )
  })

  /*
   * The Events Calendar shows a password-protected event's content to an editor only in the
   * `edit` context (`?context=edit`); without it, an editor's list blanks it as a visitor's does
   * and its single answers 403 `event-password-protected`. The importer read without it: a listed
   * protected event failed ("the source hides its content"), and a protected event hidden from
   * lists was not found at all, without a word.
   */
  it('reads password-protected events in the edit context, listed or hidden from lists, with their passwords', async () => {
    const { command } = await sourceOf(
      [
        { id: 20 },
        { id: 21, password: 'listed-secret' },
        { hidden: true, id: 22, password: 'hidden-secret' },
      ],
      [{ email: 'owner@old.example', id: 4, roles: ['administrator'], username: 'owner' }],
      (site) => ({
        // As The Events Calendar 6.17.2: outside the edit context, protected events read as a visitor reads them.
        answer: (url, res) => {
          // WordPress's core API shows an editor a post's password in the edit context.
          const core = /\/wp\/v2\/tribe_events\/(\d+)$/.exec(url.pathname)
          if (core && url.searchParams.get('context') === 'edit') {
            const event = site.events.get(Number(core[1]))
            res.writeHead(event ? 200 : 404, { 'Content-Type': 'application/json' })
            res.end(JSON.stringify(event ? { id: event.id, password: event.password ?? '' } : {}))
            return true
          }
          const single = /\/events\/(\d+)$/.exec(url.pathname)
          const protectedRead =
            /\/tribe\/events\/v1\/events\/?$/.test(url.pathname) ||
            (single !== null && Boolean(site.events.get(Number(single[1]))?.password))
          if (!protectedRead || url.searchParams.has('context') || url.searchParams.has('anon'))
            return false
          const anonymous = new URL(url)
          anonymous.searchParams.set('anon', '1')
          void fetch(anonymous).then(async (response) => {
            res.writeHead(response.status, { 'Content-Type': 'application/json; charset=UTF-8' })
            res.end(await response.text())
          })
          return true
        },
      }),
    )
    const { code, report } = await runImport(payload, command, quiet)
    expect(report.failures).toEqual([])
    expect(code).toBe(0)
    for (const id of [20, 21, 22]) {
      const event = await payload.findByID({
        collection: 'events',
        context: { [TRUSTED_READ]: true },
        depth: 0,
        id,
        overrideAccess: true,
      })
      expect(event.title).toBe(`Rehearsal ${id}`)
      expect(JSON.stringify(event.description)).toContain(`The text of event ${id}`)
      // Protected here by the source's own password, which WordPress's core API shows an editor.
      expect(event.password || null).toBe(
        { 20: null, 21: 'listed-secret', 22: 'hidden-secret' }[id],
      )
    }
  })
})
