/**
 * The password guard's table (`src/auth/passwordGuardStore.ts` makes it when first used), named
 * here for the database floor too: a development push must leave it alone
 * (`src/db/calendarSchema/pushSchema.ts`).
 */
export const GUARD_TABLE = 'events_calendar_password_guard'
