/**
 * The columns of The Events Calendar's CSV importer (`Tribe__Events__Importer__Column_Mapper`,
 * 6.17.2), by the key its column mapping uses and the label its screen shows: a file exported
 * from here is read there, and a file made for it is read here. Columns the original has and
 * this calendar does not (featured images, comments and pings) are not read; docs/spreadsheets.md.
 */
export const CSV_KINDS = ['events', 'venues', 'organizers'] as const
export type CsvKind = (typeof CSV_KINDS)[number]

export type CsvColumn = { key: string; label: string }

export const CSV_COLUMNS: Record<CsvKind, readonly CsvColumn[]> = {
  events: [
    { key: 'event_name', label: 'Event Name' },
    { key: 'event_description', label: 'Event Description' },
    { key: 'event_excerpt', label: 'Event Excerpt' },
    { key: 'event_start_date', label: 'Event Start Date' },
    { key: 'event_start_time', label: 'Event Start Time' },
    { key: 'event_end_date', label: 'Event End Date' },
    { key: 'event_end_time', label: 'Event End Time' },
    { key: 'event_timezone', label: 'Event Time Zone' },
    { key: 'event_all_day', label: 'All Day Event' },
    { key: 'event_hide', label: 'Hide Event From Event Listings' },
    { key: 'event_sticky', label: 'Event Sticky in Month View' },
    { key: 'feature_event', label: 'Feature Event' },
    { key: 'event_venue_name', label: 'Event Venue Name' },
    { key: 'event_organizer_name', label: 'Event Organizer Name(s) or ID(s)' },
    { key: 'event_show_map_link', label: 'Event Show Map Link' },
    { key: 'event_show_map', label: 'Event Show Map' },
    { key: 'event_cost', label: 'Event Cost' },
    { key: 'event_currency_code', label: 'Event ISO Currency Code' },
    { key: 'event_currency_symbol', label: 'Event Currency Symbol' },
    { key: 'event_currency_position', label: 'Event Currency Position' },
    { key: 'event_category', label: 'Event Category' },
    { key: 'event_tags', label: 'Event Tags' },
    { key: 'event_website', label: 'Event Website' },
  ],
  venues: [
    { key: 'venue_name', label: 'Venue Name' },
    { key: 'venue_description', label: 'Venue Description' },
    { key: 'venue_country', label: 'Venue Country' },
    { key: 'venue_address', label: 'Venue Address' },
    { key: 'venue_address2', label: 'Venue Address 2' },
    { key: 'venue_city', label: 'Venue City' },
    { key: 'venue_state', label: 'Venue State/Province' },
    { key: 'venue_zip', label: 'Venue Zip' },
    { key: 'venue_phone', label: 'Venue Phone' },
    { key: 'venue_url', label: 'Venue Website' },
  ],
  organizers: [
    { key: 'organizer_name', label: 'Organizer Name' },
    { key: 'organizer_description', label: 'Organizer Description' },
    { key: 'organizer_email', label: 'Organizer Email' },
    { key: 'organizer_website', label: 'Organizer Website' },
    { key: 'organizer_phone', label: 'Organizer Phone' },
  ],
}

/** The columns a row must fill, as the original's `$required_fields`. */
export const REQUIRED_COLUMNS: Record<CsvKind, readonly string[]> = {
  events: ['event_name', 'event_start_date'],
  venues: ['venue_name'],
  organizers: ['organizer_name'],
}

export const isCsvKind = (value: unknown): value is CsvKind =>
  (CSV_KINDS as readonly unknown[]).includes(value)

const normal = (text: string) => text.trim().toLowerCase()

/**
 * The column each header names, by its label or its key, whatever the case; `''` for a header
 * naming none (not imported), and for a second header naming a column already taken.
 */
export function columnsOfHeader(kind: CsvKind, header: readonly string[]): string[] {
  const taken = new Set<string>()
  return header.map((name) => {
    const column = CSV_COLUMNS[kind].find(
      ({ key, label }) => normal(label) === normal(name) || key === normal(name),
    )
    if (!column || taken.has(column.key)) return ''
    taken.add(column.key)
    return column.key
  })
}

export const labelOf = (kind: CsvKind, key: string): string =>
  CSV_COLUMNS[kind].find((column) => column.key === key)?.label ?? key
