import { inject } from 'vitest'

// Payload reads these when the config is first imported, which happens after this file runs.
process.env.DATABASE_URL = inject('databaseUrl')
process.env.DISABLE_PAYLOAD_HMR = 'true'
process.env.EVENTS_CALENDAR_RUN_JOBS = 'false'
// The reference site's timezone and day: the recorded responses of the original depend on both.
process.env.SITE_TIMEZONE = 'America/New_York'
process.env.EVENTS_CALENDAR_CLOCK = '2026-11-21T00:37:04Z'
delete process.env.SITE_URL
