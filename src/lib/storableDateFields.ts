import type { Block, DateField, Field } from 'payload'

import { date as payloadDateValidation } from 'payload/shared'

import { dateValueProblem } from './dateRange'

/**
 * Every date field of these fields, at any depth, with validation that first refuses what is not
 * a date the database can store (`dateRange.ts`), then runs the field's own rule or Payload's.
 * Payload's rule lets `false` through (it only tests truthy values) and any year JavaScript can
 * hold, and Postgres then fails the write: a 500 instead of the writer's 400.
 */
export function withStorableDates(fields: Field[]): Field[] {
  return fields.map((field) => {
    switch (field.type) {
      case 'date':
        return withStorableDate(field)
      case 'array':
      case 'collapsible':
      case 'group':
      case 'row':
        return { ...field, fields: withStorableDates(field.fields) } as Field
      case 'tabs':
        return {
          ...field,
          tabs: field.tabs.map((tab) => ({ ...tab, fields: withStorableDates(tab.fields) })),
        }
      case 'blocks':
        return {
          ...field,
          blocks: (field.blocks ?? []).map((block: Block) => ({
            ...block,
            fields: withStorableDates(block.fields),
          })),
        }
      default:
        return field
    }
  })
}

function withStorableDate(field: DateField): DateField {
  const own = field.validate ?? (payloadDateValidation as NonNullable<DateField['validate']>)
  return {
    ...field,
    validate: (value, options) => {
      const problem = dateValueProblem(value)
      return problem ?? own(value, options)
    },
  } as DateField
}
