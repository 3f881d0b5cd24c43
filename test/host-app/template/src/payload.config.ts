import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildConfig } from 'payload'
import { eventsCalendarPlugin } from 'payload-events-calendar'

import { migrations } from './migrations'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** A host app as Payload's blank template makes it, with the events calendar added. */
export default buildConfig({
  admin: { user: 'users', importMap: { baseDir: dirname } },
  collections: [
    {
      slug: 'users',
      auth: true,
      admin: { useAsTitle: 'email' },
      fields: [{ name: 'displayName', type: 'text' }],
    },
    {
      slug: 'media',
      upload: true,
      access: { read: () => true },
      fields: [{ name: 'alt', type: 'text' }],
    },
  ],
  editor: lexicalEditor(),
  secret: process.env.PAYLOAD_SECRET ?? '',
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts') },
  db: postgresAdapter({
    pool: { connectionString: process.env.DATABASE_URI ?? '' },
    push: false,
    migrationDir: path.resolve(dirname, 'migrations'),
    prodMigrations: migrations,
  }),
  localization: { locales: ['en', 'fr', 'es'], defaultLocale: 'en', fallback: true },
  plugins: [eventsCalendarPlugin({ siteUrl: process.env.SITE_URL, siteTimezone: 'Europe/Paris' })],
})
