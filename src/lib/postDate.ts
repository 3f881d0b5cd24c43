/**
 * An instant to the whole second, as WordPress stores a post date: items made in the same second
 * tie as they do there (`src/hooks/storePostDate.ts`).
 */
export function wholeSecond(instant: Date | string): null | string {
  const time = new Date(instant).getTime()
  return Number.isNaN(time) ? null : new Date(Math.floor(time / 1000) * 1000).toISOString()
}
