import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { s3Storage } from '@payloadcms/storage-s3'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { generateMediaCollection } from './collections/Media/index'
import { timeoutPoolOptions } from './src/db/requestTimeouts'
import { type AppEnv, readEnv, readPasswordGuardSettings } from './src/env'
import { eventsCalendarPlugin, purgeByHttp } from './src/index'
import { logOnlyEmailAdapter } from './src/server/emailAdapter'
import { takeHeavyListTurn } from './src/server/heavyReads'
import { loggerConfig } from './src/server/logger'
import { migrations } from './src/migrations/index'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const env = readEnv()

// @payloadcms/storage-s3's newest release is 3.90.1, one patch behind payload 3.90.2; package.json's
// `overrides` keep a single payload, ui and translations (3.90.2) under it. Payload's start-up
// check (outside production only) would reject the 3.90.1 in the version numbers and crash
// development and tests with an unhandled rejection. Remove once a 3.90.2 storage-s3 is in use.
process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ??= 'true'

/**
 * EVENTS_CALENDAR_CLOCK (an ISO instant) starts the compatibility API's clock there and lets it
 * run: recorded traffic of the original depends on the day it was recorded. Tests only.
 */
const clockStart = process.env.EVENTS_CALENDAR_CLOCK
  ? Date.parse(process.env.EVENTS_CALENDAR_CLOCK)
  : NaN
const bootedAt = Date.now()
const clock = Number.isNaN(clockStart)
  ? undefined
  : () => new Date(clockStart + (Date.now() - bootedAt))

/**
 * Uploads (the `media` collection) in an S3-compatible bucket when S3_BUCKET is set, on the disk
 * in `DATA_DIR/media` otherwise. The plugin is always present and adds its columns either way
 * (`alwaysInsertFields`), so the schema, and so the migrations, do not depend on the setting.
 * Files are still served by Payload at `/api/media/file/…`, read from the bucket.
 */
function mediaStorage(env: AppEnv) {
  const { s3 } = env
  return s3Storage({
    enabled: Boolean(s3),
    alwaysInsertFields: true,
    collections: { media: true },
    bucket: s3?.bucket ?? '',
    config: {
      endpoint: s3?.endpoint,
      region: s3?.region,
      forcePathStyle: s3?.forcePathStyle,
      // Unset: the platform's credentials (instance role, AWS_* variables).
      credentials:
        s3?.accessKeyId && s3.secretAccessKey
          ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
          : undefined,
    },
  })
}

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
    // Payload's own dates (a document's "Last modified", the lists' and versions' dates) in the
    // editor's language's order and clock (date-fns' localized long date and time: "27 nov. 2026,
    // 23:04" in French), not its default English pattern with a 12-hour clock in every language.
    dateFormat: 'PPp',
  },
  collections: [generateMediaCollection('media', path.join(env.dataDir, 'media'))],
  // Payload honours its session cookie only from these origins (without an Origin, only when the
  // browser says Sec-Fetch-Site same-origin/same-site/none: `payload/dist/auth/extractJWT.js`),
  // so another site cannot make a signed-in browser write through /api or /api/graphql.
  csrf: env.signedInOrigins,
  db: postgresAdapter({
    // Each statement and lock wait bounded (`src/db/requestTimeouts.ts`); the plugin makes each
    // connection send one statement at a time (`src/db/payloadInternals/serialQueryClient.ts`).
    pool: {
      connectionString: process.env.DATABASE_URL,
      ...timeoutPoolOptions(env.databaseTimeouts),
    },
    // Reads may go to these; for 2 s after a write this process reads from the primary
    // (Payload's `readReplicasAfterWriteInterval`). Another instance may read a replica meanwhile.
    readReplicas: env.databaseReplicaUrls.length ? env.databaseReplicaUrls : undefined,
    // The schema only changes through the committed migrations, in development too, so that what
    // runs locally is what runs in production.
    push: false,
    migrationDir: path.join(dirname, 'src/migrations'),
    // Imports keep the ids items had on the original site.
    allowIDOnCreate: true,
  }),
  editor: lexicalEditor(),
  email: logOnlyEmailAdapter,
  logger: loggerConfig(env),
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
      // KEEP_READS=false keeps nothing between requests (the bench's `--cold`); KEEP_ANSWERS=false no whole answers (`--no-answers`).
      cache: env.cache,
      cdn: env.cdn && {
        maxAge: env.cdn.maxAge,
        purge: env.cdn.purgeUrl ? purgeByHttp(env.cdn.purgeUrl) : undefined,
        staleWhileRevalidate: env.cdn.staleWhileRevalidate,
      },
      clock,
      geocoding: env.geocoding,
      imageHosts: env.imageHosts,
      mapTiles: env.mapTiles,
      passwordGuard: readPasswordGuardSettings(),
      // Searches far into their pages and pages past the 1,000th event take turns with the other
      // heavy reads, so that a few of them cannot take every database connection.
      reads: { heavyTurn: takeHeavyListTurn },
      siteTimezone: env.siteTimezone,
      siteUrl: env.siteUrl,
      // Not Payload's own cron: `npm start` runs the calendar's queue itself when RUN_JOBS is on,
      // one instance at a time (`src/jobs/calendarQueueRunner.ts` says why).
      scheduledPublication: { autoRun: false },
      webhooks: { allowedHosts: env.webhookHosts },
    }),
    mediaStorage(env),
  ],
  sharp,
  telemetry: false,
  typescript: { autoGenerate: false, outputFile: path.join(dirname, 'payload-types.ts') },
})

export { migrations }
