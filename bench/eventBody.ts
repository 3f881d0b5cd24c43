import type { SeedSummary } from './seed'

/** The body of the bench's `POST /events`: the `number`th event created, starting at `start`. */
export function benchEventBody(seed: SeedSummary, number: number, start: Date): string {
  const wall = (time: Date) => time.toISOString().slice(0, 19).replace('T', ' ')
  return JSON.stringify({
    title: `Bench created event ${number}`,
    description: '<p>Created by the <strong>benchmark</strong>.</p>',
    start_date: wall(start),
    end_date: wall(new Date(start.getTime() + 7_200_000)),
    venue: seed.filter.venue,
    categories: [seed.filter.category],
    cost: '$12',
    status: 'publish',
  })
}
