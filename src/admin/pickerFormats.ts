/**
 * How the admin's date pickers show dates and read what an editor types, in the editor's admin
 * language (issue 28, item 2): English keeps Payload's own ("Jan 16, 2027 2:00 PM"); other
 * languages use their own order of day, month and year and their own clock, as Intl gives them
 * ("16/01/2027 14:00" in French and Spanish), so that what a French editor types is understood.
 * The patterns are date-fns's, which react-datepicker (under Payload's `DatePicker`) reads and writes.
 */
export type PickerFormats = {
  /** A day and a time. */
  dateTime: string
  /** A day alone (all-day events). */
  day: string
  /** The time list beside the month. */
  time: string
}

const ENGLISH: PickerFormats = {
  dateTime: 'MMM d, yyy h:mm a',
  day: 'MMM d, yyy',
  time: 'h:mm aa',
}

const DATE_PART_PATTERNS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
  day: 'dd',
  month: 'MM',
  year: 'yyyy',
}

/** A literal of a date-fns pattern: letters are quoted, `'` doubled. */
const literal = (text: string): string =>
  /[A-Za-z']/.test(text) ? `'${text.replace(/'/g, "''")}'` : text

export function pickerFormats(language: string | undefined): PickerFormats {
  if (!language || language === 'en' || language.startsWith('en-')) return ENGLISH
  let parts: Intl.DateTimeFormatPart[]
  let hourCycle: string | undefined
  try {
    parts = new Intl.DateTimeFormat(language, {
      day: '2-digit',
      month: '2-digit',
      timeZone: 'UTC',
      year: 'numeric',
    }).formatToParts(new Date(Date.UTC(2027, 0, 16)))
    hourCycle = new Intl.DateTimeFormat(language, { hour: 'numeric' }).resolvedOptions().hourCycle
  } catch {
    return ENGLISH
  }
  const day = parts
    .map(
      (part) =>
        DATE_PART_PATTERNS[part.type] ?? (part.type === 'literal' ? literal(part.value) : ''),
    )
    .join('')
  const time = hourCycle === 'h11' || hourCycle === 'h12' ? 'h:mm aa' : 'HH:mm'
  return { dateTime: `${day} ${time}`, day, time }
}
