import type { UIField } from 'payload'

import { clientComponent } from '../paths'
import { quickEditColumnLabel } from './quickEditWords'

/** The name of the events list's quick edit column. */
export const QUICK_EDIT_COLUMN = 'quickEdit'

/**
 * The events list's quick edit (title, start, end, status in a drawer, as The Events Calendar's
 * Quick Edit row action): a column of its own, holding nothing and shown nowhere else.
 */
export function quickEditField(): UIField {
  return {
    name: QUICK_EDIT_COLUMN,
    type: 'ui',
    label: quickEditColumnLabel as never,
    admin: {
      components: { Cell: clientComponent('QuickEditCell') },
      disableBulkEdit: true,
    },
  }
}
