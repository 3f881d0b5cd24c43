import { transform } from 'esbuild'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The server's processes resolve lexical and @lexical/* under the `production` condition: through
 * the hook of src/server/register.mjs, or with `--conditions=production` for every package when
 * the tests run them precompiled (test/helpers/processBundles.ts). Lexical's `node` entries load
 * their code with a top-level await, which on Node 20 sometimes hangs a process. Both ways hold
 * only while these do.
 */
const MODULES = path.resolve(import.meta.dirname, '../../node_modules')

type Exports = { [key: string]: Exports | string | undefined } | string | undefined

/** Every package folder under node_modules, nested ones included. */
function packageFolders(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue
    const folder = path.join(dir, entry.name)
    if (entry.name.startsWith('@')) {
      packageFolders(folder, found)
      continue
    }
    if (fs.existsSync(path.join(folder, 'package.json'))) found.push(folder)
    const nested = path.join(folder, 'node_modules')
    if (fs.existsSync(nested)) packageFolders(nested, found)
  }
  return found
}

const exportsOf = (folder: string): Exports =>
  JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')).exports

/** Every object of conditions in an `exports` field, each with the path of keys to it. */
function conditionObjects(
  exports: Exports,
  trail = '',
): { conditions: Record<string, Exports>; trail: string }[] {
  if (!exports || typeof exports === 'string') return []
  const own = Object.keys(exports).some((key) => !key.startsWith('.'))
  return [
    ...(own ? [{ conditions: exports, trail }] : []),
    ...Object.entries(exports).flatMap(([key, value]) =>
      conditionObjects(value, `${trail}/${key}`),
    ),
  ]
}

const lexicalFolders = () => [
  path.join(MODULES, 'lexical'),
  ...fs
    .readdirSync(path.join(MODULES, '@lexical'))
    .map((name) => path.join(MODULES, '@lexical', name)),
]

describe('the production condition', () => {
  it('is named by lexical and @lexical/* alone among the installed packages', () => {
    const naming = packageFolders(MODULES)
      .filter((folder) =>
        conditionObjects(exportsOf(folder)).some(({ conditions }) => 'production' in conditions),
      )
      .map((folder) => path.relative(MODULES, folder))
    expect(naming.length).toBeGreaterThan(0)
    expect(naming.filter((name) => name !== 'lexical' && !name.startsWith('@lexical/'))).toEqual([])
  })

  it('comes before `node` wherever lexical names both, and leads to files without a top-level await', async () => {
    const misordered: string[] = []
    const files = new Set<string>()
    for (const folder of lexicalFolders())
      for (const { conditions, trail } of conditionObjects(exportsOf(folder))) {
        const keys = Object.keys(conditions)
        if (keys.includes('node') && !(keys.indexOf('production') < keys.indexOf('node')))
          misordered.push(`${path.relative(MODULES, folder)}${trail}`)
        const target = conditions.production
        if (typeof target === 'string' && target.endsWith('.mjs'))
          files.add(path.join(folder, target))
      }
    expect(misordered).toEqual([])
    expect(files.size).toBeGreaterThan(0)
    // A module with a top-level await cannot be written as CommonJS: esbuild refuses it.
    const awaiting: string[] = []
    for (const file of files)
      await transform(fs.readFileSync(file, 'utf8'), { format: 'cjs', loader: 'js' }).catch(() =>
        awaiting.push(path.relative(MODULES, file)),
      )
    expect(awaiting).toEqual([])
  })
})
