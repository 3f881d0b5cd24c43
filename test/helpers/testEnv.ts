/**
 * The environment every test process and the template database's migration share (test/setupEnv.ts,
 * test/globalSetup.ts). Payload reads it when the config is first imported.
 */
export const TEST_ENV = {
  DISABLE_PAYLOAD_HMR: 'true',
  EVENTS_CALENDAR_RUN_JOBS: 'false',
  // The reference site's timezone and day: the recorded responses of the original depend on both.
  SITE_TIMEZONE: 'America/New_York',
  EVENTS_CALENDAR_CLOCK: '2026-11-21T00:37:04Z',
} as const
