import pg from 'pg'
import { inject } from 'vitest'

/** One SQL statement on its own connection to `url`. */
export async function query(
  url: URL | string,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    return await client.query(text, values)
  } finally {
    await client.end()
  }
}

/** The URL of database `name` on the server of `url`. */
export function databaseUrlOn(url: string, name: string): string {
  const other = new URL(url)
  other.pathname = `/${name}`
  return other.toString()
}

/**
 * An empty database named `name` on the test Postgres server, for tests of what happens to a
 * database from its very start (migrations racing, several instances, a fresh schema); the
 * worker's test database has long been migrated by then. `create` makes it anew, `drop` removes it.
 * Each file that uses one gives it a name of its own: files run in parallel on one server.
 */
export function freshDatabase(name: string) {
  const server = inject('postgresUrl')
  return {
    create: async () => {
      await query(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await query(server, `CREATE DATABASE "${name}"`)
    },
    drop: () => query(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    url: databaseUrlOn(server, name),
  }
}
