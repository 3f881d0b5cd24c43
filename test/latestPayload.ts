/**
 * `npm run test:latest-payload [-- test files…]`: the patch tests and the API tests against the
 * newest Payload 3 (payload and every @payloadcms/* package this project uses), in a throwaway copy
 * of this checkout so that its own node_modules stay as they are. Tells whether the peer range
 * (package.json) may be widened, and which patch of `src/db/payloadInternals/` an upgrade breaks.
 *
 * The copy's node_modules start as hard links of this checkout's, without Payload's packages; npm
 * then installs those (and whatever they need that differs) as new files, never writing into the
 * linked ones. KEEP_COPY=1 leaves the copy in place for a look afterwards.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const DEFAULT_TESTS = [
  'test/api/payload-internals.test.ts',
  'test/api/contract.test.ts',
  'test/api/resources.test.ts',
  'test/api/events-read.test.ts',
  'test/api/events-write.test.ts',
  'test/api/access-matrix.test.ts',
  'test/api/access-matrix-payload.test.ts',
  'test/api/hostile-input-payload.test.ts',
]

const root = process.cwd()
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>
}
const payloadPackages = Object.keys(manifest.devDependencies).filter(
  (name) => name === 'payload' || name.startsWith('@payloadcms/'),
)
const tests = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_TESTS

const say = (message: string) => console.log(`[latest-payload] ${message}`)

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, env: process.env, stdio: 'inherit' })
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`)
}

/** This checkout's files as git sees them (tracked, and new ones not ignored), copied into `dir`. */
function copyCheckout(dir: string): void {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    const from = path.join(root, file)
    if (!fs.existsSync(from)) continue
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.cpSync(from, path.join(dir, file), { verbatimSymlinks: true })
  }
  // Hard links, minus the packages that are replaced (`cp -al` keeps the links and symlinks as they are).
  run('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')], root)
  for (const name of ['payload', '@payloadcms'])
    fs.rmSync(path.join(dir, 'node_modules', name), { force: true, recursive: true })
}

const installedVersion = (dir: string, name: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string
    }
  ).version

async function main(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pec-latest-payload-'))
  say(`copy in ${dir}`)
  try {
    copyCheckout(dir)
    say(`installing the newest Payload 3: ${payloadPackages.map((name) => `${name}@3`).join(' ')}`)
    run(
      'npm',
      ['install', '--no-audit', '--no-fund', ...payloadPackages.map((name) => `${name}@3`)],
      dir,
    )
    say(
      `installed: ${payloadPackages.map((name) => `${name} ${installedVersion(dir, name)}`).join(', ')}`,
    )
    say(`running ${tests.join(' ')}`)
    const result = spawnSync('npx', ['vitest', 'run', ...tests], {
      cwd: dir,
      env: process.env,
      stdio: 'inherit',
    })
    return result.status ?? 1
  } finally {
    if (process.env.KEEP_COPY === '1') say(`kept ${dir}`)
    else fs.rmSync(dir, { force: true, recursive: true })
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[latest-payload] ${(error as Error)?.message ?? String(error)}`)
    process.exit(1)
  },
)
