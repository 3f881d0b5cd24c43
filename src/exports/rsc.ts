/** The plugin's React Server Components, referenced as `payload-events-calendar/rsc#Name`. */
export { EventCalendarView } from '../admin/calendar/EventCalendarView'
export { EventStartCell } from '../admin/EventStartCell'
export { TranslationStatus } from '../admin/TranslationStatus'
export { FlagCell } from '../admin/FlagCell'
export { ApplicationPasswordRedirect } from '../admin/ApplicationPasswordRedirect'
export { RelationNamesCell } from '../admin/RelationNamesCell'
export { CsvImportView } from '../admin/CsvImportView'
export { PreviewLinksField } from '../admin/PreviewLinksField'
