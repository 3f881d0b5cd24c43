import type { Field } from 'payload'

import { clientComponent } from '../../src/admin/paths'
import { notCopied } from '../../src/fields/duplicateRules'
import { internalFieldAdmin, SET_BY_THE_SERVER } from '../../src/fields/postFields'
import { MAX_DATES, MAX_TEXT_LENGTH } from '../../src/recurrence/index'

/**
 * An event's recurrence (issue 26, docs/recurrence.md "The model"): the rule as the value of an
 * RFC 5545 `RRULE` line without its name (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=12`; empty: not
 * recurring), extra dates (`RDATE`) and excluded dates (`EXDATE`), each a wall-clock value in the
 * event's own zone: `YYYY-MM-DDTHH:mm:ss`, or `YYYY-MM-DD` when the event is all-day. The event's
 * start is the series' first occurrence. Checked on every write by `hooks/checkRecurrenceField.ts`,
 * expanded into `calendar_occurrences` by `hooks/materializeOccurrences.ts`.
 */
export const recurrenceField = (): Field => ({
  name: 'recurrence',
  type: 'group',
  admin: { components: { Field: clientComponent('RecurrenceField') } },
  fields: [
    { name: 'rule', type: 'text', maxLength: MAX_TEXT_LENGTH },
    { name: 'rdates', type: 'text', hasMany: true, maxRows: MAX_DATES },
    { name: 'exdates', type: 'text', hasMany: true, maxRows: MAX_DATES },
  ],
})

/**
 * What the server keeps about a series: `seriesRoot`, the id of the first event of a series that
 * "this and following" split (empty: the event is its own root), which the compatibility API's
 * `post_parent` names; `materializedUntil`, the instant up to which the series' occurrences are
 * stored (the horizon of its last save or of the horizon job, `src/jobs/extendRecurrences.ts`).
 */
export const seriesFields = (): Field[] => [
  {
    name: 'seriesRoot',
    type: 'number',
    index: true,
    access: SET_BY_THE_SERVER,
    // A copy is a series of its own (an unsplit one), materialised by its own save.
    hooks: { beforeDuplicate: [notCopied] },
    admin: internalFieldAdmin(),
  },
  {
    name: 'materializedUntil',
    type: 'date',
    access: SET_BY_THE_SERVER,
    hooks: { beforeDuplicate: [notCopied] },
    admin: internalFieldAdmin(),
  },
]
