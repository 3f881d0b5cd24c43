/** The plugin's browser components, referenced from its collections as `payload-events-calendar/client#Name`. */
export { EventCalendar } from '../admin/calendar/EventCalendar'
export { CalendarViewLink } from '../admin/CalendarViewLink'
export { EventListFilters } from '../admin/EventListFilters'
export { TimezoneField } from '../admin/TimezoneField'
export { WorkflowActions } from '../admin/WorkflowActions'
export { ApplicationPasswordsField } from '../admin/ApplicationPasswordsField'
export { EventDateField } from '../admin/EventDateField'
