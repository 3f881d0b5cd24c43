/**
 * The plugin's own words in English: the keys of every language (`fr.ts`, `es.ts` must have them
 * all, the type checker says which are missing). Payload reads them as `eventsCalendar:{key}`;
 * `{{name}}` is filled in, and a `_one` key is used when `count` is 1.
 */
export const en = {
  // Collections and the navigation
  event: 'Event',
  events: 'Events',
  venue: 'Venue',
  venues: 'Venues',
  organizer: 'Organizer',
  organizers: 'Organizers',
  eventCategory: 'Event category',
  eventCategories: 'Event categories',
  eventTag: 'Event tag',
  eventTags: 'Event tags',
  applicationPassword: 'Application password',
  applicationPasswords: 'Application passwords',
  image: 'Image',
  media: 'Media',
  user: 'User',
  users: 'Users',
  groupCalendar: 'Calendar',
  groupSettings: 'Settings',

  // Fields
  title: 'Title',
  name: 'Name',
  slug: 'Slug',
  slugDescription: 'Part of the address. Left empty, it is made from the title.',
  slugFromNameDescription: 'Part of the address. Left empty, it is made from the name.',
  when: 'When',
  start: 'Start',
  end: 'End',
  timezone: 'Timezone',
  timezoneDescription: 'The event’s local timezone, as its audience reads the times.',
  allDay: 'All day',
  whereAndWho: 'Where and who',
  details: 'Details',
  description: 'Description',
  excerpt: 'Excerpt',
  cost: 'Cost',
  costDescription: 'As readers should see it, e.g. $15, 10–25 €, Free.',
  website: 'Website',
  categories: 'Categories',
  tags: 'Tags',
  presentation: 'Presentation',
  featured: 'Featured',
  sticky: 'Sticky',
  stickyDescription: 'Pinned in calendar views.',
  hideFromListings: 'Hide from listings',
  hideFromListingsDescription: 'Left out of event lists; still reachable by its address.',
  showMap: 'Show map',
  showMapLink: 'Show map link',
  address: 'Address',
  city: 'City',
  postalCode: 'Postal code',
  state: 'State',
  province: 'Province',
  stateOrProvince: 'State or province',
  country: 'Country',
  latitude: 'Latitude',
  longitude: 'Longitude',
  phone: 'Phone',
  email: 'Email',
  parent: 'Parent category',
  status: 'Status',
  statusDescription:
    'Published and scheduled items need a role that may publish; others go to review.',
  publicationDate: 'Publication date',
  publicationDateDescription:
    'A date still to come schedules the item: it is published by itself then.',
  author: 'Author',
  passwordProtection: 'Password protection',
  passwordProtectionDescription: 'Readers must give this password to see the content.',
  alternativeText: 'Alternative text',
  displayName: 'Display name',
  role: 'Role',
  currentPassword: 'Current password',
  currentPasswordDescription: 'Needed to change your e-mail address or your password.',
  currentPasswordRequired:
    'Enter your current password to change your e-mail address or your password.',
  roleDescription:
    'What this person may do: administrators and editors manage everything, authors publish their own events, contributors submit events for review, subscribers only read.',
  applicationPasswordName: 'Name',
  applicationPasswordNameDescription: 'What uses it, e.g. "Mobile app".',
  applicationPasswordUser: 'User',
  lastUsed: 'Last used',
  applicationPasswordsDescription:
    'Issue new ones from a user’s page (Account), where the password is shown once.',

  // Statuses and roles
  status_draft: 'Draft',
  status_pending: 'Pending review',
  status_future: 'Scheduled',
  status_publish: 'Published',
  status_private: 'Private',
  status_trash: 'Trash',
  role_administrator: 'Administrator',
  role_editor: 'Editor',
  role_author: 'Author',
  role_contributor: 'Contributor',
  role_subscriber: 'Subscriber',

  // What the server refuses
  endRequired: 'An end is required.',
  endInvalid: 'The end is not a valid date.',
  endBeforeStart: 'The end cannot be before the start.',
  timezoneInvalid:
    'Enter an IANA timezone such as America/New_York or Europe/Paris, or a UTC offset such as UTC+2.',
  urlInvalid: 'Enter a full URL such as https://example.com',
  scheduleNeedsDate:
    'Scheduled needs a publication date: pick the date to publish on, or choose Published to publish now.',
  categoryCycle: 'A category cannot be placed under itself or one of its children.',

  // Translations of an item
  translations: 'Translations',
  translationsAfterSave: 'Translations can be added once the item is saved.',
  translatedEverywhere: 'Translated in every language',
  missingLanguages: 'Missing: {{languages}}',
  languageTranslated: '{{language}}: translated',
  languageMissing: '{{language}}: missing',

  // Trash
  moveToTrash: 'Move to trash',
  restore: 'Restore',
  inTrash:
    'This item is in the trash. Restoring it makes it {{status}} again. Delete (in the ⋯ menu) removes it for good.',
  restoredAs: 'Restored: {{status}}.',
  movedToTrash: '{{count}} items moved to the trash.',
  movedToTrash_one: 'Moved to the trash.',
  undo: 'Undo',
  restored: 'Restored.',
  restoredItems: 'Restored {{count}} items.',
  restoredItems_one: 'Restored 1 item.',
  notTrashed: '{{count}} items could not be moved to the trash.',
  notTrashed_one: '1 item could not be moved to the trash.',
  restoreSelected: 'Restore {{count}} selected',
  trashSelected: 'Move {{count}} selected to trash',
  trashViewNotice:
    'Items in the trash are not public. Restore brings them back as they were; Delete removes them for good.',

  // The events list
  statusViews: 'Status views',
  view_all: 'All',
  view_publish: 'Published',
  view_draft: 'Drafts',
  view_pending: 'Pending',
  view_future: 'Scheduled',
  view_private: 'Private',
  view_trash: 'Trash',
  eventDates: 'Event dates',
  upcoming: 'Upcoming',
  past: 'Past',
  allDates: 'All dates',
  category: 'Category',
  from: 'From',
  to: 'To',
  eventsFrom: 'Events from',
  eventsTo: 'Events to',
  exportIcs: 'Export .ics',
  exportIcsHint: '(add this event to a calendar app)',
  allDayCell: 'all day',
  yes: 'Yes',

  // The event's dates in the form
  allDayDates: 'All day, {{zone}} dates',
  zoneTime: '{{zone}} time',

  // The calendar
  calendar: 'Calendar',
  calendarView: 'Calendar view',
  queueTitle: 'Calendar at a glance',
  queuePending: 'Awaiting review',
  queueDrafts: 'Drafts',
  queueScheduled: 'Scheduled',
  queueEmpty: 'Nothing here.',
  queuePublishesOn: 'publishes {{date}}',
  calendarTitle: '{{title}}: calendar',
  listView: 'List view',
  createNew: 'Create new',
  untitled: '(untitled)',
  eventsNotLoaded: 'The events could not be loaded ({{status}}).',
  eventNotMoved: 'The event could not be moved ({{status}}).',
  eventMoved: 'Moved “{{title}}”.',
  showInBrowserZone:
    'Show times in my browser’s timezone {{browserZone}}instead of the site’s ({{siteZone}})',
  shownInSiteZone:
    'Times are shown in the site’s timezone ({{zone}}); all-day events on their own dates.',
  shownInBrowserZone:
    'Times are shown in your browser’s timezone; all-day events on their own dates.',
  calendarLegend:
    'Unpublished events are outlined; events you may not change cannot be dragged; trashed events are not shown.',

  month: 'Month',
  week: 'Week',
  day: 'Day',
  agenda: 'Agenda',
  noEventsInRange: 'No events in this period.',
  noCategory: 'No category',
  moveUndone: 'Move undone.',
  calendarCreateHint: 'Click or drag on an empty slot to create an event at that time.',
  moveWhichTitle: 'Move a repeating event',
  moveWhichQuestion: '“{{title}}” repeats. Which occurrences should move?',
  moveThisOccurrence: 'This occurrence',
  moveThisAndFollowing: 'This and following',
  moveAllOccurrences: 'All occurrences',
  moveCancel: 'Cancel',
  occurrenceCancelled: 'Cancelled',

  // The form's workflow
  publish: 'Publish',
  schedule: 'Schedule',
  submitForReview: 'Submit for review',
  viewPublicPage: 'View public page',
  previewPublicPage: 'Preview public page',
  viewInApi: 'View in the API',

  // Accounts
  ownAdministratorRole: 'You cannot remove your own administrator role: another administrator can.',

  // Application passwords on the account page
  applicationPasswordsIntro:
    'For apps and scripts that sign in with HTTP Basic authentication. Each can be revoked without changing the account password.',
  applicationPasswordNeedsName: 'Give the application password a name first.',
  applicationPasswordNotCreated: 'The application password could not be created ({{status}}).',
  applicationPasswordRevokeConfirm: 'Revoke “{{name}}”? Apps using it will no longer sign in.',
  applicationPasswordNotRevoked: '“{{name}}” could not be revoked ({{status}}).',
  applicationPasswordRevoked: 'Revoked “{{name}}”.',
  applicationPasswordIssued:
    'Your new password for “{{name}}”. Copy it now: it will not be shown again.',
  done: 'Done',
  webhookSecretIssued:
    'The webhook’s secret, to give the receiver so that it can verify each delivery. Copy it now: it will not be shown again.',
  webhookRotateSecret: 'Rotate secret',
  webhookRotateConfirm:
    'Make a new secret? The current one still signs deliveries for a day, then only the new one does.',
  webhookRotateDescription:
    'Saves the webhook with a new secret, shown once; the old one still signs for a day.',
  calendarSourceRunNow: 'Run now',
  calendarSourceRunWaiting: 'Running…',
  calendarSourceRunNotStarted: 'The run could not be started (HTTP {{status}}).',
  calendarSourceRunStillQueued:
    'The run is queued and will happen at the next turn of the job queue; its log will be here.',
  calendarSourceRunSucceeded: 'The run succeeded.',
  calendarSourceRunFailed: 'The run failed.',
  icsFileChoose: 'Read an .ics file',
  icsFileTooLarge: 'This file is larger than {{max}}: give the feed’s address instead.',
  icsFileNotCalendar:
    'This file is not an iCalendar file (it does not start with BEGIN:VCALENDAR).',
  icsFileRead: '{{name}} read: save to keep it, then run the source.',
  adminLanguage: 'Admin language',
  adminLanguageDescription:
    'The language of the admin panel for this account, set at each sign-in (the account page changes it until the next).',
  newApplicationPasswordName: 'New application password name',
  addApplicationPassword: 'Add new application password',
  created: 'Created',
  revoke: 'Revoke',
  never: 'Never',
  noApplicationPasswords: 'No application passwords yet.',

  // The category tree of the event form
  categorySearch: 'Search categories',
  categoryNoMatch: 'No category matches.',
  categoryTree: 'Categories by parent',

  // Editing a translation
  editingLanguage: 'Editing: {{language}}',
  translatingFrom: 'translating from {{language}}',
  translationSource: '{{language}} (to translate from)',
  untranslatedTitle:
    'Not yet translated: the title shown is the default language’s ({{language}}).',

  // The recurrence editor of the event form
  recurrence: 'Repeats',
  recurrenceRepeat: 'Repeat',
  recurrenceNone: 'Does not repeat',
  recurrenceDaily: 'Daily',
  recurrenceWeekly: 'Weekly',
  recurrenceMonthly: 'Monthly',
  recurrenceYearly: 'Yearly, on the start’s date',
  recurrenceCustom: 'Custom rule',
  recurrenceEvery: 'Every',
  recurrenceUnitDaily: 'days',
  recurrenceUnitDaily_one: 'day',
  recurrenceUnitWeekly: 'weeks',
  recurrenceUnitWeekly_one: 'week',
  recurrenceUnitMonthly: 'months',
  recurrenceUnitMonthly_one: 'month',
  recurrenceUnitYearly: 'years',
  recurrenceUnitYearly_one: 'year',
  recurrenceOnDays: 'On',
  recurrenceMonthlyOnDay: 'On day',
  recurrenceMonthlyOnWeekday: 'On the',
  recurrenceLastDay: 'last',
  recurrenceOrdinal1: 'first',
  recurrenceOrdinal2: 'second',
  recurrenceOrdinal3: 'third',
  recurrenceOrdinal4: 'fourth',
  recurrenceOrdinal5: 'fifth',
  recurrenceOrdinalLast: 'last',
  recurrenceEnds: 'Ends',
  recurrenceEndsNever: 'Never',
  recurrenceEndsAfter: 'After',
  recurrenceTimes: 'times',
  recurrenceTimes_one: 'time',
  recurrenceEndsOn: 'On',
  recurrenceCustomRule: 'Rule (RFC 5545 RRULE)',
  recurrenceCustomHelp:
    'For example FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1 (the last weekday of each month).',
  recurrenceNeedsStart: 'Set the event’s start first: the series begins there.',
  recurrencePreview: 'Next dates',
  recurrencePreviewHelp:
    'Select a date to exclude it, or to include it again. The first date is the event’s own start.',
  recurrenceExclude: 'Exclude {{date}}',
  recurrenceInclude: 'Include {{date}} again',
  recurrenceExcluded: 'excluded',
  recurrenceExtraDate: 'extra date',
  recurrenceExtraDates: 'Extra dates',
  recurrenceExcludedDates: 'Excluded dates',
  recurrenceAddDate: 'Add date',
  recurrenceNewDate: 'New extra date',
  recurrenceRemoveDate: 'Remove {{date}}',
  recurrenceErrorUnreadable: 'This rule cannot be read.',
  recurrenceErrorUnsupported:
    'This rule uses a part that is not supported: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, WKST, COUNT and UNTIL are.',
  recurrenceErrorCountTooLarge: 'The number of times must be from 1 to {{max}}.',
  recurrenceErrorCountAndUntil: 'A series ends after a number of times or on a date, not both.',
  recurrenceErrorUntilBeforeStart: 'The end date is before the event’s start.',
  recurrenceErrorBeforeStart:
    'An extra date cannot come before the event’s start, which is the first date of the series.',
  recurrenceErrorInterval: 'Repeat every 1 or more.',
  recurrenceErrorOutOfRange: 'A value of the rule is out of range.',
  recurrenceErrorTooManyOccurrences:
    'More than {{max}} dates in the next {{months}} months: end the series sooner or repeat less often.',
  recurrenceErrorTooManyDates: 'At most {{max}} dates.',
  recurrenceErrorTooLong: 'The rule is too long.',
  recurrenceErrorOtherZone: 'Dates are written in the event’s own timezone, without an offset.',
  recurrenceErrorNotAnOccurrence: 'An excluded date is not a date of this series: remove it.',
  recurrenceErrorStartNotInRule:
    'The event’s start is not a date this rule gives: choose days that include the start’s, or move the start to the first date.',
  recurrenceErrorStartExcluded:
    'The event’s start, the first date of the series, cannot be excluded.',
  recurrenceErrorUntilMissing: 'Choose the end date.',
}

export type CalendarTranslationKey = keyof typeof en
export type CalendarTranslations = Record<CalendarTranslationKey, string>
