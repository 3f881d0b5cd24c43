/** What the benchmarks share to run the product: its loader, its start script, and the machine's load. */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const log = (message: string) => console.log(`[bench] ${message}`)

/** The machine's load average (1, 5, 15 minutes), as `uptime` prints it: the server shares the CPU. */
export const loadavg = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')

/**
 * How the product loads its TypeScript (`npm start`'s loader, which also works around a Node 20
 * hang in Lexical's module graph), falling back to plain tsx.
 */
export const LOADER = existsSync(path.join(ROOT, 'src/server/register.mjs'))
  ? './src/server/register.mjs'
  : 'tsx'

export function runChild(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', LOADER, ...args], {
      cwd: ROOT,
      env: { ...process.env, DISABLE_PAYLOAD_HMR: 'true', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', (chunk) => {
      output += chunk
      for (const line of String(chunk).split('\n'))
        if (line.startsWith('  ')) console.log(`[bench] ${line.trim()}`)
    })
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${args[0]} exited with code ${code}:\n${output.slice(-4000)}`)),
    )
  })
}

/** The product's own start script, as `npm start` runs it (it builds the admin panel first if needed). */
export function startServer(env: Record<string, string>, cpuProf?: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // As `npm start` runs it, with its WEB_CONCURRENCY (unset: its default, `defaultWorkerCount`
    // in src/server/workers.ts; set it to compare): the CPU measured is the pid's and its children's (bench/mix/cpu.ts). With
    // --cpu-prof, V8 writes a profile per process when it exits (the bench stops it with SIGTERM).
    const profile = cpuProf ? ['--cpu-prof', '--cpu-prof-dir', cpuProf] : []
    const child = spawn(
      process.execPath,
      [...profile, '--import', LOADER, path.join(ROOT, 'src/server/start.ts')],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk
      if (/Building the admin|rebuilding it/.test(String(chunk)))
        log('the server is building the admin panel first (about a minute)…')
      if (output.includes('Ready on')) {
        child.stdout!.off('data', onData)
        child.stdout!.resume()
        resolve(child)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk) => {
      output += chunk
      if (output.length > 100_000) output = output.slice(-50_000)
    })
    child.once('exit', (code) =>
      reject(
        new Error(
          `the server exited with code ${code} before it was ready:\n${output.slice(-4000)}`,
        ),
      ),
    )
  })
}

export async function fetchJson(url: string, init?: RequestInit) {
  const response = await fetch(url, init)
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { body, headers: response.headers, status: response.status }
}

/** Stops a server started by `startServer`: SIGTERM, then SIGKILL after 10 s. */
export async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}
