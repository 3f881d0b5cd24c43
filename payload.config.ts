import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { generateMediaCollection } from './collections/Media/index'
import { readEnv } from './src/env'
import { eventsCalendarPlugin } from './src/index'
import { migrations } from './src/migrations/index'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const env = readEnv()

/**
 * EVENTS_CALENDAR_CLOCK (an ISO instant) starts the compatibility API's clock there and lets it
 * run: recorded traffic of the original depends on the day it was recorded. Tests only.
 */
const clockStart = process.env.EVENTS_CALENDAR_CLOCK ? Date.parse(process.env.EVENTS_CALENDAR_CLOCK) : NaN
const bootedAt = Date.now()
const clock = Number.isNaN(clockStart) ? undefined : () => new Date(clockStart + (Date.now() - bootedAt))

/**
 * The runnable app: Payload with the events calendar plugin, on Postgres. The database URL is
 * read when Payload connects, so the start script can start the embedded Postgres first.
 */
export default buildConfig({
  secret: env.secret,
  admin: {
    user: 'users',
    importMap: { baseDir: dirname },
    meta: { titleSuffix: ' · Events Calendar' },
    // No Gravatar: the admin makes no requests to third parties.
    avatar: 'default',
  },
  collections: [generateMediaCollection('media', path.join(env.dataDir, 'media'))],
  // Payload honours its session cookie only from these origins (without an Origin, only when the
  // browser says Sec-Fetch-Site same-origin/same-site/none: `payload/dist/auth/extractJWT.js`),
  // so another site cannot make a signed-in browser write through /api or /api/graphql.
  csrf: [new URL(env.siteUrl).origin],
  db: postgresAdapter({
    pool: { connectionString: process.env.DATABASE_URL },
    // The schema only changes through the committed migrations, in development too, so that what
    // runs locally is what runs in production.
    push: false,
    migrationDir: path.join(dirname, 'src/migrations'),
    // Imports keep the ids items had on the original site.
    allowIDOnCreate: true,
  }),
  editor: lexicalEditor(),
  localization: {
    locales: [
      { code: 'en', label: 'English' },
      { code: 'fr', label: 'Français' },
      { code: 'es', label: 'Español' },
    ],
    defaultLocale: 'en',
    fallback: true,
  },
  plugins: [
    eventsCalendarPlugin({
      clock,
      siteTimezone: env.siteTimezone,
      siteUrl: env.siteUrl,
      scheduledPublication: { autoRun: process.env.EVENTS_CALENDAR_RUN_JOBS === 'true' },
    }),
  ],
  sharp,
  telemetry: false,
  typescript: { autoGenerate: false, outputFile: path.join(dirname, 'payload-types.ts') },
})

export { migrations }
