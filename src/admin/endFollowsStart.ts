/** An event's default length, when it has no end yet (or an end not after its start). */
export const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000

/**
 * The end once the start moves, as The Events Calendar's editor does: the event keeps its
 * length, or lasts two hours when it had none.
 */
export function endAfterStartMoves(args: {
  end?: null | string
  newStart: string
  oldStart?: null | string
}): string {
  const oldStart = args.oldStart ? Date.parse(args.oldStart) : Number.NaN
  const end = args.end ? Date.parse(args.end) : Number.NaN
  const length = end - oldStart > 0 ? end - oldStart : DEFAULT_DURATION_MS
  return new Date(Date.parse(args.newStart) + length).toISOString()
}
