/** An event as read for a reader: its fields, with the few the read code relies on typed. */
export type EventDoc = Record<string, unknown> & {
  allDay?: boolean | null
  endDate: string
  id: number
  password?: null | string
  startDate: string
  status: string
  timezone?: null | string
}
