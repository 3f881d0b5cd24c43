import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'

/**
 * A Postgres already running on a data folder, as its `postmaster.pid` tells: the server's
 * process id (line 1) and port (line 4).
 */
export type RunningServer = { pid: number; port: number }

/**
 * What to do with a Postgres found running on the data folder before starting one
 * (`docs/compatibility.md`, "A run killed with SIGKILL"):
 * - `none`: nothing runs there (or only a stale `postmaster.pid`, which Postgres itself clears);
 * - `reuse`: a live process of ours (this one included) started it and still runs (a server, another command):
 *   connect to it and leave it running;
 * - `stopped`: it was left behind by a process that died without stopping it (killed with
 *   SIGKILL, out of memory): it was shut down here, so that a new one can start.
 */
export type StaleDecision =
  { kind: 'none' } | { kind: 'reuse'; port: number } | { kind: 'stopped'; pid: number }

const SHUTDOWN_WAIT_MS = 60_000
const ANSWER_ATTEMPTS = 20

/** The file beside the cluster that names the process that started its server. */
export const ownerFile = (dir: string) => `${dir}.owner`

export async function recordOwner(dir: string): Promise<void> {
  await fs.writeFile(ownerFile(dir), `${process.pid}\n`, { mode: 0o600 })
}

/** Deals with the server found running on `dir`, if any: reused when its starter still runs, else shut down. */
export async function settleRunningServer(dir: string, password: string): Promise<StaleDecision> {
  const running = readPostmasterPid(dir)
  if (!running || !isAlive(running.pid)) return { kind: 'none' }
  const owner = Number((await fs.readFile(ownerFile(dir), 'utf8').catch(() => '')).trim())
  const parent = parentOf(running.pid)
  const ownerRuns = owner > 0 && isAlive(owner) && (parent === null || parent === owner)
  if (ownerRuns) {
    // Never stopped under a live process: it may still be starting, so it is given time to answer.
    if (await answersOn(running.port, password, { patient: true }))
      return { kind: 'reuse', port: running.port }
    throw new Error(
      `the Postgres in ${dir} (process ${running.pid}) belongs to process ${owner}, which still runs, but it does not answer; stop that process, then try again`,
    )
  }
  const answers = await answersOn(running.port, password, { patient: false })
  if (!answers && !(await looksLikePostgres(running.pid, dir))) {
    // The process id was taken by something else: Postgres clears such a file itself only when
    // the id is free, so say what is wrong rather than stopping a process that is not ours.
    throw new Error(
      `${path.join(dir, 'postmaster.pid')} names process ${running.pid}, which does not answer as this folder's Postgres; stop it, or remove the file if no Postgres runs there`,
    )
  }
  await shutDown(running.pid)
  return { kind: 'stopped', pid: running.pid }
}

function readPostmasterPid(dir: string): null | RunningServer {
  try {
    const lines = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')
    const pid = Number(lines[0])
    const port = Number(lines[3])
    return Number.isInteger(pid) && pid > 0
      ? { pid, port: Number.isInteger(port) ? port : 0 }
      : null
  } catch {
    return null
  }
}

/** Whether process `pid` runs: one that ended but is not yet reaped (a zombie) does not. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it exists, under another user (Postgres runs as `postgres` when we are root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  // An exited process its parent has not reaped yet still has an id: it is gone all the same.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return true
  }
}

/** The parent process id (Linux's /proc, else `ps`); null when it cannot be told. */
function parentOf(pid: number): null | number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) || null
  } catch {
    try {
      return (
        Number(
          execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim(),
        ) || null
      )
    } catch {
      return null
    }
  }
}

/** Whether the process is a Postgres of this folder, by its command line where the system shows it. */
async function looksLikePostgres(pid: number, dir: string): Promise<boolean> {
  const command = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null)
  if (command === null) return true
  return command.includes('postgres') && command.includes(dir)
}

/**
 * Whether a server answers on `port` with this cluster's password, asked a few times (it may be
 * starting or busy); `patient` waits through refused connections too (not listening yet).
 */
async function answersOn(
  port: number,
  password: string,
  { patient }: { patient: boolean },
): Promise<boolean> {
  if (!port) return false
  for (let attempt = 0; attempt < ANSWER_ATTEMPTS; attempt++) {
    const client = new pg.Client({
      connectionTimeoutMillis: 2_000,
      database: 'postgres',
      host: '127.0.0.1',
      password,
      port,
      user: 'postgres',
    })
    client.on('error', () => undefined)
    try {
      await client.connect()
      await client.query('SELECT 1')
      return true
    } catch (error) {
      // Refused outright: nothing listens there. Starting up or shutting down: ask again.
      if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED' && !patient) return false
      await new Promise((resolve) => setTimeout(resolve, 250))
    } finally {
      await client.end().catch(() => undefined)
    }
  }
  return false
}

/**
 * Postgres's fast shutdown (SIGINT): the transactions of the dead process's connections roll
 * back, everything committed stays. Waits until the server has gone.
 */
async function shutDown(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT')
  } catch {
    return
  }
  const deadline = Date.now() + SHUTDOWN_WAIT_MS
  while (isAlive(pid)) {
    if (Date.now() > deadline)
      throw new Error(
        `the Postgres left running (process ${pid}) did not stop within ${SHUTDOWN_WAIT_MS / 1000} s`,
      )
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
