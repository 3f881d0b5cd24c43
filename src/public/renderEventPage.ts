import { type ApiDiscovery, discoveryTags } from './apiDiscovery'
import { inLanguage, PAGE_TEXTS } from './pageTexts'

/** The parts of the compatibility API's event (`endpoints/events`) that the public page shows. */
export type PublicEvent = {
  all_day?: boolean
  categories?: { name?: string }[]
  cost?: string
  description?: string
  end_date?: string
  image?: false | { url?: string }
  organizer?: { organizer?: string; website?: string }[]
  start_date?: string
  status?: string
  tags?: { name?: string }[]
  timezone?: string
  timezone_abbr?: string
  title?: string
  url?: string
  utc_end_date?: string
  utc_start_date?: string
  venue?:
    { address?: string; city?: string; country?: string; venue?: string; zip?: string } | unknown[]
  website?: string
}

/**
 * The event's venue as a page shows it: none when the API gives none, or blanks it, as it does a
 * password-protected venue (whose name becomes `[]` and whose address is empty:
 * docs/compatibility.md, "Protected content").
 */
export function shownVenue(event: PublicEvent) {
  const venue = event.venue && !Array.isArray(event.venue) ? event.venue : undefined
  return typeof venue?.venue === 'string' && venue.venue !== '' ? venue : undefined
}

/** The event's organizers as a page shows them: those with a name, a protected one's being `[]`. */
export function shownOrganizers(event: PublicEvent) {
  return (event.organizer ?? []).filter(
    (item) => typeof item.organizer === 'string' && item.organizer !== '',
  )
}

/**
 * A minimal public page of one event, in the page's language, from the API's JSON: what a visitor
 * of the original's event page reads (title, when, where, who, description). `preview` marks an
 * event a signed-in editor sees before it is public. The description is the API's HTML (made from
 * the stored rich text); every other value is escaped, and the page's Content-Security-Policy
 * (`answerEventPage.ts`) runs no script whatever the description holds.
 */
export function renderEventPage(
  event: PublicEvent,
  language: string,
  args: {
    discovery: ApiDiscovery
    icsUrl?: string
    jsonLd?: string
    preview: boolean
    series?: {
      summary?: string
      seriesUrl?: string
      upcoming: { event: PublicEvent; url: string }[]
    }
  },
): string {
  const t = (key: keyof typeof PAGE_TEXTS) => inLanguage(PAGE_TEXTS[key], language)
  const title = plain(event.title)
  const rows: string[] = [row(t('when'), escapeHtml(when(event, language, t('allDay'))))]
  const { series } = args
  if (series?.summary) rows.push(row(t('repeats'), escapeHtml(series.summary)))
  const venue = shownVenue(event)
  if (venue) {
    const address = [
      venue.address,
      [venue.zip, venue.city].filter(Boolean).join(' '),
      venue.country,
    ]
      .map(plain)
      .filter(Boolean)
      .join(', ')
    rows.push(
      row(
        t('venue'),
        `<span class="venue">${escapeHtml(plain(venue.venue))}</span>${address ? `<br>${escapeHtml(address)}` : ''}`,
      ),
    )
  }
  const names = (items: { name?: string; organizer?: string }[] | undefined) =>
    (items ?? [])
      .map((item) => plain(item.name ?? item.organizer))
      .filter(Boolean)
      .map(escapeHtml)
      .join(', ')
  const organizers = names(shownOrganizers(event))
  if (organizers) rows.push(row(t('organizers'), organizers))
  if (event.cost) rows.push(row(t('cost'), escapeHtml(plain(event.cost))))
  if (names(event.categories)) rows.push(row(t('categories'), names(event.categories)))
  if (names(event.tags)) rows.push(row(t('tags'), names(event.tags)))
  // The API gives the event's own address as its website when it has none (`url`): no link to this page itself.
  const website = plain(event.website)
  if (website && website !== event.url && /^https?:\/\//i.test(website))
    rows.push(
      row(
        t('website'),
        `<a href="${escapeHtml(website)}" rel="nofollow">${escapeHtml(website)}</a>`,
      ),
    )
  const image =
    event.image && event.image.url && /^https?:\/\//i.test(event.image.url)
      ? `<img alt="" src="${escapeHtml(event.image.url)}">`
      : ''
  const body = [
    args.preview
      ? `<p class="preview" role="status">${escapeHtml(t('preview'))} (${escapeHtml(event.status ?? '')})</p>`
      : '',
    `<h1>${escapeHtml(title)}</h1>`,
    image,
    `<dl>${rows.join('')}</dl>`,
    event.description ? `<div class="description">${event.description}</div>` : '',
    series?.seriesUrl
      ? `<p class="series"><a href="${escapeHtml(series.seriesUrl)}">${escapeHtml(t('wholeSeries'))}</a></p>`
      : '',
    series?.upcoming.length
      ? `<h2>${escapeHtml(t(series.seriesUrl ? 'nextDates' : 'upcomingDates'))}</h2>\n<ul class="dates">${series.upcoming
          .map(
            (item) =>
              `<li><a href="${escapeHtml(item.url)}">${escapeHtml(when(item.event, language, t('allDay')))}</a>${
                item.event.title !== event.title ? ` ${escapeHtml(plain(item.event.title))}` : ''
              }</li>`,
          )
          .join('')}</ul>`
      : '',
    args.icsUrl
      ? `<p><a href="${escapeHtml(args.icsUrl)}">${escapeHtml(t('addToCalendar'))}</a></p>`
      : '',
  ]
  return document(
    title,
    language,
    [...body, args.jsonLd ?? ''].filter(Boolean).join('\n'),
    args.preview,
    args.discovery,
  )
}

/** The page of an event that is not there for this reader: nothing of it is told. */
export function renderMissingPage(
  language: string,
  message: 'notFound' | 'protected',
  discovery: ApiDiscovery,
): string {
  const title = inLanguage(PAGE_TEXTS.notFoundTitle, language)
  return document(
    title,
    language,
    `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(inLanguage(PAGE_TEXTS[message], language))}</p>`,
    true,
    discovery,
  )
}

function document(
  title: string,
  language: string,
  body: string,
  noindex: boolean,
  discovery: ApiDiscovery,
): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${noindex ? '<meta name="robots" content="noindex">\n' : ''}<title>${escapeHtml(title)}</title>
${discoveryTags(discovery, escapeHtml)}
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
img { max-width: 100%; height: auto; }
.preview { background: #fff4ce; border: 1px solid #e0c050; padding: .5rem 1rem; }
</style>
</head>
<body>
<main class="event">
${body}
</main>
</body>
</html>
`
}

function row(label: string, html: string): string {
  return `<dt>${escapeHtml(label)}</dt><dd>${html}</dd>`
}

/**
 * "Friday 12 December 2026, 19:00 – 22:30 CET" in the page's language, from the API's wall-clock
 * times in the event's zone (`start_date`, `end_date`): read as they are, whatever the zone's
 * name (a manual `UTC+2` too), and followed by the zone's abbreviation.
 */
function when(event: PublicEvent, language: string, allDayWord: string): string {
  const start = wallClock(event.start_date)
  const end = wallClock(event.end_date)
  if (!start) return ''
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' })
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' })
  const sameDay = end && day.format(start) === day.format(end)
  if (event.all_day)
    return sameDay || !end
      ? `${day.format(start)} (${allDayWord})`
      : `${day.format(start)} – ${day.format(end)} (${allDayWord})`
  const zone = event.timezone_abbr || event.timezone || ''
  const range = !end
    ? `${day.format(start)}, ${time.format(start)}`
    : sameDay
      ? `${day.format(start)}, ${time.format(start)} – ${time.format(end)}`
      : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`
  return zone ? `${range} ${zone}` : range
}

/** `2026-12-12 19:00:00` as a Date whose UTC fields are those wall-clock numbers. */
function wallClock(value: string | undefined): Date | null {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number) as number[]
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!))
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  apos: "'",
  gt: '>',
  lt: '<',
  nbsp: '\u00a0',
  quot: '"',
}

/** A text of the API (WordPress escapes some characters of titles and names as entities) as plain text. */
export function plain(value: string | undefined): string {
  return (value ?? '').replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
