import { unique } from './payload'

/**
 * Issue 26's example series, as Payload's REST and Local API take it: Mondays at 09:00 in New
 * York from 2027-03-01, 6 times, the fourth (22 March) excluded; 14:00 then 13:00 UTC across the
 * change to daylight saving time on 2027-03-14.
 */
export const issueWeeklySeries = (extra: Record<string, unknown> = {}) => ({
  title: unique('Weekly class'),
  startDate: '2027-03-01T14:00:00.000Z',
  endDate: '2027-03-01T15:30:00.000Z',
  timezone: 'America/New_York',
  status: 'publish',
  recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6', exdates: ['2027-03-22T09:00:00'] },
  ...extra,
})
