import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { query } from '../helpers/freshDatabase'
import { basic } from '../helpers/http'
import { dropTemplateCopy, templateCopy } from '../helpers/workerDatabase'
import { nodeArgs } from '../helpers/processBundles'

const ROOT = path.resolve(import.meta.dirname, '../..')
/** A copy of the migrated template: how an instance migrates is the multi-instance test's. */
const DATABASE = 'events_calendar_test_webhook_instances'
const ADMIN = { email: 'hooks-admin@example.test', password: 'hooks-password-1' }
/** What an instance logs (at debug) after a turn of the queue that ran jobs (`src/jobs/calendarQueueRunner.ts`). */
const RAN_JOBS = 'jobs of the calendar queue'

type Instance = { base: string; output: () => string; stop: () => Promise<void> }

/**
 * An instance of `test/helpers/webhookInstance.ts`: the compatibility API and the job queue on a
 * turn a second, the webhooks' delivery scheduled every second too (rather than every minute), so
 * that a change is sent within seconds.
 */
async function startInstance(databaseUrl: string, env: Record<string, string>): Promise<Instance> {
  let output = ''
  const child: ChildProcess = spawn(process.execPath, nodeArgs('test/helpers/webhookInstance.ts'), {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DELIVERY_CRON: '* * * * * *',
      LOG_LEVEL: 'debug',
      PAYLOAD_SECRET: 'webhook-instances-secret',
      QUEUE_CRON: '* * * * * *',
      WEBHOOK_HOSTS: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = /listening (\d+)/.exec(output)
      if (found) {
        clearInterval(timer)
        resolve(found[1]!)
      }
    }, 200)
    child.once('exit', (code) => {
      clearInterval(timer)
      reject(new Error(`the instance exited with code ${code}:\n${output}`))
    })
  })
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/**
 * Two instances on one database, each running the job queue (as `npm start` with RUN_JOBS on
 * does on every instance): each change is delivered once, whichever instance saved it, in
 * order per item, and every delivery verifies with the webhook's secret.
 */
describe('webhooks with two instances', () => {
  let databaseUrl: string
  const received: Array<{ body: string; headers: Record<string, string> }> = []
  let receiver: http.Server
  let a: Instance
  let b: Instance

  beforeAll(async () => {
    databaseUrl = await templateCopy(DATABASE, { fresh: true })
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          headers: req.headers as Record<string, string>,
        })
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    // A first, alone, creates the administrator; B then starts on the same database.
    a = await startInstance(databaseUrl, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    })
    b = await startInstance(databaseUrl, {})
  }, 300_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    receiver?.closeAllConnections()
    await new Promise((resolve) => receiver?.close(resolve))
    await dropTemplateCopy(DATABASE)
  })

  it('delivers each change once, whichever instance saved it', async () => {
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
    // These instances serve the compatibility API only (no admin build, so no Payload REST):
    // the webhook goes in by SQL, with a secret of the test's own.
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
    const { rows } = await query(
      databaseUrl,
      `INSERT INTO webhooks (url, enabled, secret) VALUES ($1, true, $2) RETURNING id`,
      [hookUrl, secret],
    )
    const webhookId = rows[0].id as number
    await query(
      databaseUrl,
      `INSERT INTO webhooks_events ("order", parent_id, value)
       SELECT n, $1, v::enum_webhooks_events FROM unnest($2::text[]) WITH ORDINALITY AS t(v, n)`,
      [webhookId, ['event.published', 'event.updated']],
    )

    const write = async (base: string, path: string, body: Record<string, unknown>) => {
      const response = await fetch(`${base}/wp-json/vendor/events/v1${path}`, {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...basic(ADMIN.email, ADMIN.password) },
        method: 'POST',
      })
      expect(response.status, await response.clone().text()).toBeLessThan(300)
      return (await response.json()) as { id: number }
    }
    const event = (title: string) => ({
      end_date: '2027-10-01 11:00',
      start_date: '2027-10-01 10:00',
      status: 'publish',
      title,
    })
    const arrived = async (count: number) => {
      // Sent at the job's next turn.
      const deadline = Date.now() + 150_000
      while (received.length < count && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const first = await write(a.base, '/events', event('Written on A'))
    const second = await write(b.base, '/events', event('Written on B'))
    await arrived(2)
    await write(b.base, `/events/${first.id}`, { title: 'Written on A, renamed on B' })
    await arrived(3)
    // The instances keep turning: in three more turns that ran jobs (the delivery job, due every
    // second, among them), whichever instance ran them, nothing is sent a second time.
    const runs = () => (a.output() + b.output()).split(RAN_JOBS).length - 1
    const runsBefore = runs()
    const deadline = Date.now() + 60_000
    while (runs() < runsBefore + 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200))
    expect(runs(), `${a.output()}\n${b.output()}`).toBeGreaterThanOrEqual(runsBefore + 3)

    const verifier = new Webhook(secret)
    const bodies = received.map(
      ({ body, headers }) => verifier.verify(body, headers) as Record<string, any>,
    )
    const ids = received.map(({ headers }) => headers['webhook-id'])
    expect(new Set(ids).size, `${a.output()}\n${b.output()}`).toBe(ids.length)
    expect(bodies.map((body) => [body.type, body.data.id]).sort()).toEqual(
      [
        ['event.published', first.id],
        ['event.published', second.id],
        ['event.updated', first.id],
      ].sort(),
    )
    // In order for one item: its publication before its update.
    const ofFirst = bodies.filter((body) => body.data.id === first.id).map((body) => body.type)
    expect(ofFirst).toEqual(['event.published', 'event.updated'])
    expect(bodies.find((body) => body.type === 'event.updated')!.data.title).toBe(
      'Written on A, renamed on B',
    )
    const deliveries = await query(
      databaseUrl,
      `SELECT status, attempts::int AS attempts FROM webhook_deliveries ORDER BY id`,
    )
    expect(deliveries.rows).toEqual(Array(3).fill({ status: 'delivered', attempts: 1 }))
  }, 420_000)
})
