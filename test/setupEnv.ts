import { inject } from 'vitest'

// Payload reads these when the config is first imported, which happens after this file runs.
process.env.DATABASE_URL = inject('databaseUrl')
process.env.DISABLE_PAYLOAD_HMR = 'true'
process.env.EVENTS_CALENDAR_RUN_JOBS = 'false'
delete process.env.SITE_URL
delete process.env.SITE_TIMEZONE
