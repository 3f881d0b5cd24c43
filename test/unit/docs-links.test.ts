import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The documentation points at files that exist: every relative link of README.md and docs/*.md,
 * and every repository path they name (`src/…`, `endpoints/…`, `test/…`), resolves. A doc that
 * names a file moved or removed since misleads the newcomer it was written for.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

/** The repository's own top-level folders: a path starting with one of them is ours to check. */
const TOP = '(?:src|endpoints|collections|test|bench|bin|docs)'

/** A path inside backticks, whole. */
const QUOTED_PATH = new RegExp(`^${TOP}/\\S*$`)

/** A path in running text: no brackets or quotes, which close the sentence or link around it. */
const BARE_PATH = new RegExp(`(?<![\\w./@-])${TOP}/[^\\s\`'"()[\\],:;]*`, 'g')

/** Markdown links: `[text](target)`. */
const LINK = /\[[^\]\n]*\]\(([^)\s]+)\)/g

/**
 * Placeholders and patterns (`test/<tier>/`, `src/lib/*.spec.ts`, `…`) name no one file, and the
 * PHP files are The Events Calendar's, quoted where a doc compares its behaviour with ours.
 */
const isOurs = (path: string): boolean => !/[<>*{}…]/.test(path) && !path.endsWith('.php')

const trimSentence = (path: string): string => path.replace(/[.,]+$/, '')

function namedPaths(text: string): string[] {
  const paths = new Set<string>()
  for (const [, quoted] of text.matchAll(/`([^`\n]+)`/g)) {
    if (QUOTED_PATH.test(quoted)) paths.add(trimSentence(quoted))
  }
  const unquoted = text.replace(/`[^`\n]+`/g, ' ')
  for (const [bare] of unquoted.matchAll(BARE_PATH)) paths.add(trimSentence(bare))
  return [...paths].filter(isOurs)
}

function relativeLinks(text: string): string[] {
  const links: string[] = []
  for (const [, target] of text.matchAll(LINK)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue
    links.push(target.replace(/#.*$/, ''))
  }
  return links
}

describe('documentation', () => {
  it('finds README.md and the docs folder', () => {
    expect(docs).toContain('README.md')
    expect(docs.length).toBeGreaterThan(5)
  })

  it.each(docs)('%s: every relative link resolves', (doc) => {
    const text = readFileSync(join(root, doc), 'utf8')
    const missing = relativeLinks(text).filter(
      (target) => !existsSync(resolve(root, dirname(doc), target)),
    )
    expect(missing).toEqual([])
  })

  it.each(docs)('%s: every repository path it names exists', (doc) => {
    const text = readFileSync(join(root, doc), 'utf8')
    const missing = namedPaths(text).filter((path) => !existsSync(join(root, path)))
    expect(missing).toEqual([])
  })

  it.each(docs)('%s: names no path of one machine', (doc) => {
    const text = readFileSync(join(root, doc), 'utf8')
    expect(text).not.toMatch(/(?:^|[\s`'"(])\/(?:work|home|Users|tmp)\/\S/m)
  })
})
