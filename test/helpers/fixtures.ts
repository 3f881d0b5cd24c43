import { readFileSync } from 'node:fs'

/** A JSON file of `test/fixtures/`, as recorded. */
export const readFixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')) as T
