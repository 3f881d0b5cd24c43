import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { basic } from '../helpers/http'
import { nodeArgs } from '../helpers/processBundles'

const ROOT = path.resolve(import.meta.dirname, '../..')
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 20)

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, nodeArgs('test/helpers/compatServerProcess.ts'), {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk
      const match = output.match(/listening (\d+)/)
      if (match) resolve(Number(match[1]))
    })
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)))
  })
  return { child, url: `http://127.0.0.1:${port}/wp-json/vendor/events/v1` }
}

const rssKb = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1])

describe('resilience: crashes and sustained load', () => {
  let payload: Payload
  let admin: TestUser
  let running: ChildProcess | undefined
  beforeAll(async () => {
    payload = await getTestPayload()
    admin = await createUser(payload, 'administrator')
  })
  afterEach(() => {
    running?.kill('SIGKILL')
    running = undefined
  })

  it('leaves no half-written event or venue when the server is killed in the middle of writes', async () => {
    const { child, url } = await startServer()
    running = child
    const marker = unique('crash')
    const create = (i: number) =>
      fetch(`${url}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
        body: JSON.stringify({
          title: `${marker} event ${i}`,
          start_date: '2027-09-01 10:00',
          end_date: '2027-09-01 11:00',
          venue: { venue: `${marker} venue ${i}` },
          categories: [`${marker} category ${i}`],
        }),
      })
    expect((await create(0)).status).toBe(201)
    // A stream of writes; the server dies once a few more have been answered, mid-stream.
    let answered = 0
    const sent: Promise<unknown>[] = []
    for (let i = 1; i < 60 && child.exitCode === null && child.signalCode === null; i++) {
      sent.push(
        create(i).then(
          () => {
            answered++
          },
          () => null,
        ),
      )
      if (answered >= 5) child.kill('SIGKILL')
      await new Promise((resolve) => setTimeout(resolve, 15))
    }
    child.kill('SIGKILL')
    await Promise.all(sent)
    running = undefined

    const events = await payload.find({
      collection: 'events',
      depth: 1,
      limit: 0,
      pagination: false,
      where: { title: { like: marker } },
    })
    const venues = await payload.find({
      collection: 'venues',
      depth: 0,
      limit: 0,
      pagination: false,
      where: { name: { like: marker } },
    })
    const categories = await payload.find({
      collection: 'event-categories',
      depth: 0,
      limit: 0,
      pagination: false,
      where: { name: { like: marker } },
    })
    // Every event has its own venue and category, and nothing exists without its event.
    for (const event of events.docs) {
      const n = String(event.title).split(' ').pop()
      expect((event.venue as { name: string }).name).toBe(`${marker} venue ${n}`)
      expect((event.categories as { name: string }[]).map((category) => category.name)).toEqual([
        `${marker} category ${n}`,
      ])
    }
    expect(venues.totalDocs).toBe(events.totalDocs)
    expect(categories.totalDocs).toBe(events.totalDocs)
    expect(events.totalDocs).toBeGreaterThan(0)
    expect(events.totalDocs).toBeLessThan(60)
  }, 120_000)

  it(`holds ${SOAK_SECONDS} s of mixed reads and writes with flat memory, and every written item reads back`, async () => {
    const { child, url } = await startServer()
    running = child
    const marker = unique('soak')
    const auth = basic(admin.email, admin.password)
    const created: number[] = []
    const failures: string[] = []
    const worker = async (until: number, writer: boolean) => {
      let i = 0
      while (Date.now() < until) {
        i++
        if (writer && i % 3 === 0) {
          const response = await fetch(`${url}/events`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...auth },
            body: JSON.stringify({
              title: `${marker} ${created.length}`,
              start_date: '2027-10-01 10:00',
              end_date: '2027-10-01 12:00',
              venue: { venue: `${marker} hall ${i % 5}` },
              tags: [`${marker}-tag-${i % 7}`],
            }),
          })
          if (response.status === 201) created.push(((await response.json()) as { id: number }).id)
          else failures.push(`create ${response.status}`)
        } else {
          const target =
            i % 4 === 0
              ? '/venues'
              : i % 4 === 1
                ? '/categories?hide_empty=false'
                : `/events?per_page=20&page=${1 + (i % 3)}`
          const response = await fetch(`${url}${target}`)
          await response.arrayBuffer()
          if (response.status >= 500) failures.push(`${target} ${response.status}`)
        }
      }
    }
    // Warm up, then measure memory across the run.
    await worker(Date.now() + 3000, true)
    const before = rssKb(child.pid!)
    await Promise.all([
      worker(Date.now() + SOAK_SECONDS * 1000, true),
      worker(Date.now() + SOAK_SECONDS * 1000, false),
      worker(Date.now() + SOAK_SECONDS * 1000, false),
    ])
    const after = rssKb(child.pid!)
    console.info(
      `soak: ${created.length} creates and ${SOAK_SECONDS} s of reads; server RSS ${before} kB → ${after} kB`,
    )
    expect(failures).toEqual([])
    expect(created.length).toBeGreaterThan(10)
    // Flat: the server may settle, but must not grow with the work done. What it keeps for
    // visitors fills up to its regions' limits during the run (docs/caching.md), and when V8
    // collects is its own: from a start of about 190 MB, 80-190 MB more after 20 s in clean-clone
    // runs, 125 MB after 60 s with four times the writes (bench/RESULTS.md). What grows with
    // every write or read goes past this bound.
    expect(after, `RSS ${before} kB → ${after} kB`).toBeLessThan(before * 2 + 20_000)
    for (const id of created) {
      const response = await fetch(`${url}/events/${id}`)
      expect(response.status).toBe(200)
    }
  }, 180_000)
})
