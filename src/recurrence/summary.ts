import type { Recurrence, RecurrenceRule, SeriesStart, Weekday, WeekdayNum } from './types'

import { monthName, weekdayName } from './dayNames'
import { WEEKDAYS } from './types'

/**
 * A recurrence in plain words, in the languages the admin ships: "Every Monday and Wednesday at
 * 09:00, 12 times". Names of days and months and the joining of lists come from Intl; the
 * sentence is ours, since rrule-temporal's `toText` names the zone's abbreviation of the start's
 * season (EST in July) and reads "for 12 times".
 */
export type SummaryLocale = 'en' | 'es' | 'fr'

interface Words {
  every: {
    DAILY: (n: number) => string
    WEEKLY: (n: number) => string
    MONTHLY: (n: number) => string
    YEARLY: (n: number) => string
  }
  /** "Every Monday and Wednesday": a weekly rule every week. */
  everyWeekday: (days: string) => string
  /** A weekday in "on Monday and Wednesday" after an interval of weeks. */
  onWeekday: (day: string) => string
  /** The nth weekday of a month or year: "the first Monday". */
  nthWeekday: (ordinal: number, day: string) => string
  /** Every such weekday of a month: "every Monday". */
  eachWeekday: (days: string) => string
  monthDay: (day: number) => string
  /** "on March 1". */
  dayOfMonth: (day: number, month: string) => string
  /** Joins a frequency with what it is on: "Every month" + "the first Monday". */
  on: (head: string, what: string) => string
  inMonths: (months: string) => string
  /** A yearly rule's days of the month without months: they are in every month. */
  ofEveryMonth: string
  at: (time: string) => string
  times: (count: number) => string
  until: (date: string) => string
  plusDates: (count: number) => string
  exceptDates: (count: number) => string
  onDates: (count: number) => string
}

const plural = (count: number, one: string, other: string): string =>
  `${count} ${count === 1 ? one : other}`

const EN_ORDINALS: Record<number, string> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  5: 'fifth',
  [-1]: 'last',
  [-2]: 'second to last',
}
const enNumber = (n: number): string => {
  const tens = n % 100
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')
  return `${n}${suffix}`
}
const enOrdinal = (n: number): string =>
  EN_ORDINALS[n] ?? (n > 0 ? enNumber(n) : `${enNumber(-n)} to last`)

const FR_ORDINALS: Record<number, string> = {
  1: 'premier',
  2: 'deuxième',
  3: 'troisième',
  4: 'quatrième',
  5: 'cinquième',
  [-1]: 'dernier',
  [-2]: 'avant-dernier',
}
const frOrdinal = (n: number): string =>
  FR_ORDINALS[n] ?? (n > 0 ? `${n}e` : `${-n}e avant la fin,`)

const ES_ORDINALS: Record<number, string> = {
  1: 'primer',
  2: 'segundo',
  3: 'tercer',
  4: 'cuarto',
  5: 'quinto',
  [-1]: 'último',
  [-2]: 'penúltimo',
}
const esOrdinal = (n: number): string =>
  ES_ORDINALS[n] ?? (n > 0 ? `${n}.º` : `${-n}.º desde el final,`)

const WORDS: Record<SummaryLocale, Words> = {
  en: {
    every: {
      DAILY: (n) => (n === 1 ? 'Every day' : `Every ${n} days`),
      WEEKLY: (n) => (n === 1 ? 'Every week' : `Every ${n} weeks`),
      MONTHLY: (n) => (n === 1 ? 'Every month' : `Every ${n} months`),
      YEARLY: (n) => (n === 1 ? 'Every year' : `Every ${n} years`),
    },
    everyWeekday: (days) => `Every ${days}`,
    onWeekday: (day) => day,
    nthWeekday: (ordinal, day) => `the ${enOrdinal(ordinal)} ${day}`,
    eachWeekday: (days) => `every ${days}`,
    monthDay: (day) =>
      day === -1
        ? 'the last day'
        : day > 0
          ? `the ${enNumber(day)}`
          : `the ${enOrdinal(day + 1)} day before the last`,
    dayOfMonth: (day, month) => `${month} ${day}`,
    on: (head, what) => `${head} on ${what}`,
    inMonths: (months) => ` in ${months}`,
    ofEveryMonth: ' of every month',
    at: (time) => ` at ${time}`,
    times: (count) => (count === 1 ? ', once' : `, ${count} times`),
    until: (date) => `, until ${date}`,
    plusDates: (count) => `, and on ${plural(count, 'other date', 'other dates')}`,
    exceptDates: (count) => `, except on ${plural(count, 'date', 'dates')}`,
    onDates: (count) => `On ${plural(count, 'date', 'dates')}`,
  },
  fr: {
    every: {
      DAILY: (n) => (n === 1 ? 'Tous les jours' : `Tous les ${n} jours`),
      WEEKLY: (n) => (n === 1 ? 'Toutes les semaines' : `Toutes les ${n} semaines`),
      MONTHLY: (n) => (n === 1 ? 'Tous les mois' : `Tous les ${n} mois`),
      YEARLY: (n) => (n === 1 ? 'Tous les ans' : `Tous les ${n} ans`),
    },
    everyWeekday: (days) => `Chaque ${days}`,
    onWeekday: (day) => `le ${day}`,
    nthWeekday: (ordinal, day) => `le ${frOrdinal(ordinal)} ${day}`,
    eachWeekday: (days) => `chaque ${days}`,
    monthDay: (day) =>
      day === -1
        ? 'le dernier jour'
        : day > 0
          ? `le ${day === 1 ? '1er' : day}`
          : `le ${frOrdinal(day + 1)} jour avant le dernier`,
    dayOfMonth: (day, month) => `le ${day === 1 ? '1er' : day} ${month}`,
    on: (head, what) => `${head}, ${what}`,
    inMonths: (months) => ` en ${months}`,
    ofEveryMonth: ' de chaque mois',
    at: (time) => ` à ${time}`,
    times: (count) => (count === 1 ? ', une fois' : `, ${count} fois`),
    until: (date) => `, jusqu’au ${date}`,
    plusDates: (count) => `, et ${plural(count, 'autre date', 'autres dates')}`,
    exceptDates: (count) => `, sauf ${plural(count, 'date', 'dates')}`,
    onDates: (count) => (count === 1 ? 'À une date' : `À ${count} dates`),
  },
  es: {
    every: {
      DAILY: (n) => (n === 1 ? 'Todos los días' : `Cada ${n} días`),
      WEEKLY: (n) => (n === 1 ? 'Todas las semanas' : `Cada ${n} semanas`),
      MONTHLY: (n) => (n === 1 ? 'Todos los meses' : `Cada ${n} meses`),
      YEARLY: (n) => (n === 1 ? 'Todos los años' : `Cada ${n} años`),
    },
    everyWeekday: (days) => `Cada ${days}`,
    onWeekday: (day) => `el ${day}`,
    nthWeekday: (ordinal, day) => `el ${esOrdinal(ordinal)} ${day}`,
    eachWeekday: (days) => `cada ${days}`,
    monthDay: (day) =>
      day === -1
        ? 'el último día'
        : day > 0
          ? `el día ${day}`
          : `el ${esOrdinal(day + 1)} día antes del último`,
    dayOfMonth: (day, month) => `el ${day} de ${month}`,
    on: (head, what) => `${head}, ${what}`,
    inMonths: (months) => ` en ${months}`,
    ofEveryMonth: ' de cada mes',
    at: (time) => (time.startsWith('01:') ? ` a la ${time}` : ` a las ${time}`),
    times: (count) => (count === 1 ? ', una vez' : `, ${count} veces`),
    until: (date) => `, hasta el ${date}`,
    plusDates: (count) => `, y ${plural(count, 'fecha más', 'fechas más')}`,
    exceptDates: (count) => `, excepto ${plural(count, 'fecha', 'fechas')}`,
    onDates: (count) => (count === 1 ? 'En una fecha' : `En ${count} fechas`),
  },
}

const list = (
  items: string[],
  locale: SummaryLocale,
  type: 'conjunction' | 'disjunction' = 'conjunction',
): string => new Intl.ListFormat(locale, { style: 'long', type }).format(items)

/** The start's date parts, from `YYYY-MM-DD…`. */
const startParts = (start: string): { month: number; day: number; weekday: Weekday } => {
  const [year, month, day] = start.slice(0, 10).split('-').map(Number)
  const weekday = WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]
  return { month, day, weekday }
}

/** What a monthly or yearly rule picks in its period: weekdays (nth, or all of them), days of the month, or the start's day. */
function daysPicked(rule: RecurrenceRule, series: SeriesStart, locale: SummaryLocale): string {
  const words = WORDS[locale]
  const names = (days: WeekdayNum[]) => days.map((day) => weekdayName(day.weekday, locale))
  if (rule.byDay && rule.bySetPos) {
    const positions = rule.bySetPos.map((position) =>
      words.nthWeekday(position, list(names(rule.byDay!), locale, 'disjunction')),
    )
    return list(positions, locale)
  }
  if (rule.byDay) {
    const nth = rule.byDay.filter((day) => day.ordinal !== undefined)
    const each = rule.byDay.filter((day) => day.ordinal === undefined)
    const parts = nth.map((day) => words.nthWeekday(day.ordinal!, weekdayName(day.weekday, locale)))
    if (each.length > 0) parts.push(words.eachWeekday(list(names(each), locale)))
    return list(parts, locale)
  }
  const days = rule.byMonthDay ?? [startParts(series.start).day]
  return list(days.map(words.monthDay), locale)
}

function ruleWords(rule: RecurrenceRule, series: SeriesStart, locale: SummaryLocale): string {
  const words = WORDS[locale]
  const start = startParts(series.start)
  const months = rule.byMonth
    ? words.inMonths(
        list(
          rule.byMonth.map((month) => monthName(month, locale)),
          locale,
        ),
      )
    : ''
  switch (rule.freq) {
    case 'DAILY':
    case 'WEEKLY': {
      const days =
        rule.byDay?.map((day) => day.weekday) ??
        (rule.freq === 'WEEKLY' ? [start.weekday] : undefined)
      if (!days) return words.every.DAILY(rule.interval) + months
      if (rule.interval === 1)
        return (
          words.everyWeekday(
            list(
              days.map((day) => weekdayName(day, locale)),
              locale,
            ),
          ) + months
        )
      return (
        words.on(
          words.every[rule.freq](rule.interval),
          list(
            days.map((day) => words.onWeekday(weekdayName(day, locale))),
            locale,
          ),
        ) + months
      )
    }
    case 'MONTHLY':
      return words.on(words.every.MONTHLY(rule.interval), daysPicked(rule, series, locale)) + months
    case 'YEARLY':
      if (!rule.byMonth && !rule.byDay && !rule.byMonthDay) {
        return words.on(
          words.every.YEARLY(rule.interval),
          words.dayOfMonth(start.day, monthName(start.month, locale)),
        )
      }
      // Without BYMONTH a yearly rule's days of the month are in every month; its nth weekdays count through the year.
      return (
        words.on(words.every.YEARLY(rule.interval), daysPicked(rule, series, locale)) +
        (rule.byMonth || rule.byDay ? months : words.ofEveryMonth)
      )
  }
}

const longDate = (date: string, locale: SummaryLocale): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 10)}T00:00:00Z`),
  )

/** The recurrence in words in `locale`; times are the event's own wall-clock times (24-hour). */
export function summarizeRecurrence(
  series: SeriesStart,
  recurrence: Recurrence,
  locale: SummaryLocale,
): string {
  const words = WORDS[locale]
  const { rule, rdates, exdates } = recurrence
  let text = rule ? ruleWords(rule, series, locale) : words.onDates(1 + rdates.length)
  if (rule && !series.allDay) text += words.at(series.start.slice(11, 16))
  if (rule?.count !== undefined) text += words.times(rule.count)
  if (rule?.until !== undefined) text += words.until(longDate(rule.until, locale))
  if (rule && rdates.length > 0) text += words.plusDates(rdates.length)
  if (exdates.length > 0) text += words.exceptDates(exdates.length)
  return text
}
