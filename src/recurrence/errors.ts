/** Why a recurrence was refused; `code` lets a surface word it in the reader's language. */
export type RecurrenceErrorCode =
  | 'unreadable'
  | 'unsupported'
  | 'count_too_large'
  | 'count_and_until'
  | 'until_before_start'
  | 'before_start'
  | 'interval'
  | 'out_of_range'
  | 'too_many_occurrences'
  | 'too_many_dates'
  | 'too_long'
  | 'other_zone'
  | 'not_an_occurrence'
  | 'start_not_in_rule'
  | 'start_excluded'

/**
 * A recurrence the product refuses. `field` is the path of the offending value in a `Recurrence`
 * (`rule.count`, `rdates[2]`), which a surface prefixes with its own name for the block
 * (`recurrence.rule.count`) in its 400.
 */
export class RecurrenceError extends Error {
  readonly field: string
  readonly code: RecurrenceErrorCode

  constructor(field: string, code: RecurrenceErrorCode, message: string) {
    super(message)
    this.name = 'RecurrenceError'
    this.field = field
    this.code = code
  }
}
