import type { BaseFilter, Where } from 'payload'

import { DateTime } from 'luxon'

import type { CalendarTranslationKey } from '../i18n/index'

import { hideTrashedFromList } from './hideTrashedFromList'

/**
 * Upcoming | Past | All dates above the events list, as The Events Calendar's admin list opens on
 * upcoming events. Upcoming is the list with no date condition (the server then adds "ends today or
 * later, in the site's timezone"); Past and All dates are conditions in the list's query, so they
 * are in the address like any filter.
 */
export type DateView = 'all' | 'past' | 'upcoming'

export const DATE_VIEWS: Array<{ label: CalendarTranslationKey; value: DateView }> = [
  { label: 'upcoming', value: 'upcoming' },
  { label: 'past', value: 'past' },
  { label: 'allDates', value: 'all' },
]

/** The start of today in `zone`, as an ISO instant: what "ended before today" compares with. */
export function startOfToday(zone: string): string {
  const today = DateTime.now().setZone(zone).startOf('day')
  return (today.isValid ? today : DateTime.utc().startOf('day')).toUTC().toISO()!
}

/** The condition a view puts in the list's query; Upcoming puts none (it is the default). */
export function conditionOfView(view: DateView, zone: string): null | Where {
  if (view === 'past') return { endDate: { less_than: startOfToday(zone) } }
  if (view === 'all') return { startDate: { exists: true } }
  return null
}

/** Whether a condition is one the date views wrote. */
export const isViewCondition = (condition: Record<string, Record<string, unknown>>) =>
  condition.endDate?.less_than !== undefined || condition.startDate?.exists !== undefined

/** Whether a list query's `where` (as the URL carries it) says anything about the dates. */
export function mentionsDates(where: unknown): boolean {
  if (!where || typeof where !== 'object') return false
  return Object.entries(where).some(
    ([key, value]) => key === 'startDate' || key === 'endDate' || mentionsDates(value),
  )
}

function mentionsTrash(where: unknown): boolean {
  if (!where || typeof where !== 'object') return false
  return Object.entries(where).some(
    ([key, value]) =>
      (key === 'status' && JSON.stringify(value).includes('"trash"')) || mentionsTrash(value),
  )
}

/**
 * The events list's base filter: trashed events left out (as every post list does) and, when the
 * list's own query says nothing about dates, only events that end today or later in the site's
 * timezone. The Trash view shows trashed events of every date, as WordPress's does.
 */
export const eventsListFilter =
  (siteTimezone: string): BaseFilter =>
  async (args) => {
    const where = args.req.query?.where
    const notTrashed = await hideTrashedFromList(args)
    const upcoming =
      mentionsDates(where) || mentionsTrash(where)
        ? null
        : { endDate: { greater_than_equal: startOfToday(siteTimezone) } }
    const parts = [notTrashed, upcoming].filter((part): part is Where => Boolean(part))
    return parts.length === 0 ? null : parts.length === 1 ? parts[0]! : { and: parts }
  }
