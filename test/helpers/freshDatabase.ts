import pg from 'pg'
import { inject } from 'vitest'

/** One SQL statement on its own connection to `url`. */
export async function query(url: URL | string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    return await client.query(text, values)
  } finally {
    await client.end()
  }
}

/**
 * An empty database named `name` on the test Postgres server, for tests of what happens to a
 * database from its very start (migrations racing, several instances, a fresh schema); the
 * shared test database has long been migrated by then. `create` makes it anew, `drop` removes it.
 */
export function freshDatabase(name: string) {
  const server = new URL(inject('databaseUrl'))
  server.pathname = '/postgres'
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    create: async () => {
      await query(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await query(server, `CREATE DATABASE "${name}"`)
    },
    drop: () => query(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    url: url.toString(),
  }
}
