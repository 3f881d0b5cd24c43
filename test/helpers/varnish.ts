import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '../../src/lib/freePort'

/** Debian installs `varnishd` in /usr/sbin, which is not on every user's PATH. */
const VARNISHD = ['varnishd', '/usr/sbin/varnishd'].find((command) => {
  try {
    execFileSync(command, ['-V'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})

/** Whether Debian's Varnish (and with it, as `.ci/run` installs them, its xkey module) is installed. */
export const varnishInstalled = (): boolean => VARNISHD !== undefined

/**
 * The configuration of a CDN as docs/caching.md describes it: answers filed under their
 * `Surrogate-Key` (the xkey module), kept for their `s-maxage`, and `PURGE` with keys in
 * `Surrogate-Key` from this machine dropping every answer filed under any of them. Each answer
 * says whether it was a hit.
 */
const vcl = (backendPort: number) => `vcl 4.1;
import xkey;
backend default { .host = "127.0.0.1"; .port = "${backendPort}"; }
sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip != "127.0.0.1") { return (synth(403, "Forbidden")); }
    set req.http.n-gone = xkey.purge(req.http.Surrogate-Key);
    return (synth(200, "Purged " + req.http.n-gone));
  }
}
sub vcl_backend_response {
  set beresp.http.xkey = beresp.http.Surrogate-Key;
}
sub vcl_deliver {
  if (obj.hits > 0) { set resp.http.X-Cache = "HIT"; } else { set resp.http.X-Cache = "MISS"; }
  unset resp.http.xkey;
}
`

export type Varnish = { base: string; stop: () => Promise<void> }

/** Varnish on a free port of 127.0.0.1 in front of `backendPort`, in a folder of its own. */
export async function startVarnish(port: number, backendPort: number): Promise<Varnish> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'varnish-'))
  const config = path.join(folder, 'default.vcl')
  writeFileSync(config, vcl(backendPort))
  let output = ''
  const child: ChildProcess = spawn(
    VARNISHD ?? 'varnishd',
    ['-F', '-j', 'none', '-n', folder, '-a', `127.0.0.1:${port}`, '-f', config, '-s', 'malloc,32m'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited:\n${output}`)
    const answered = await fetch(`${base}/healthz`).then(
      () => true,
      () => false,
    )
    if (answered) break
    if (Date.now() > deadline) throw new Error(`varnishd did not answer:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    base,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(folder, { force: true, recursive: true })
    },
  }
}

export { freePort }
