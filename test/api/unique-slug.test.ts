import type { Payload } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import { getTestPayload, unique } from '../helpers/payload'

/**
 * A new item's slug is the first of `base`, `base-2`, `base-3`, … that no other item uses, as
 * WordPress's `wp_unique_post_slug` picks it (src/db/slug.ts `uniqueSlug`).
 */
describe('unique slugs', () => {
  let payload: Payload
  const venue = async (title: string, slug?: string) =>
    (await payload.create({
      collection: 'venues',
      data: { name: title, status: 'publish', ...(slug ? { slug } : {}) } as never,
    })) as unknown as { id: number; slug: string }

  beforeAll(async () => {
    payload = await getTestPayload()
  })

  it('numbers a shared title from -2, takes the first free number again, and ignores numbers typed elsewhere', async () => {
    const title = unique('Town Hall')
    const base = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    const first = await venue(title)
    const second = await venue(title)
    const third = await venue(title)
    expect([first.slug, second.slug, third.slug]).toEqual([base, `${base}-2`, `${base}-3`])

    // A typed `-10` leaves no gap to fill before 4; a removed `-2` is free again.
    expect((await venue('Other name', `${base}-10`)).slug).toBe(`${base}-10`)
    expect((await venue(title)).slug).toBe(`${base}-4`)
    await payload.delete({ collection: 'venues', id: second.id })
    expect((await venue(title)).slug).toBe(`${base}-2`)
    // A slug that only starts like the base (`base-2x`) takes nothing of the numbering.
    expect((await venue('Another', `${base}-5x`)).slug).toBe(`${base}-5x`)
    expect((await venue(title)).slug).toBe(`${base}-5`)
  })

  it('keeps an item its own slug on update, and numbers slugs of other scripts and with underscores', async () => {
    const title = unique('東京 hall_a')
    const first = await venue(title)
    expect(first.slug).toMatch(/^%e6%9d%b1%e4%ba%ac-hall_a/)
    const updated = (await payload.update({
      collection: 'venues',
      id: first.id,
      data: { slug: first.slug } as never,
    })) as unknown as { slug: string }
    expect(updated.slug).toBe(first.slug)
    // `_` and `%` are LIKE's wildcards: a look-alike slug must not count as taken.
    const lookalike = first.slug.replace('hall_a', 'hallxa')
    await venue('Look-alike', lookalike)
    expect((await venue(title)).slug).toBe(`${first.slug}-2`)
  })

  it('gives each item of a bulk update a slug of its own: Payload saves them side by side in one transaction', async () => {
    // Drafts: a draft's slug follows its title, as WordPress's does until it is published.
    const marker = unique('bulk')
    const made = await Promise.all(
      [1, 2, 3].map((n) =>
        payload.create({
          collection: 'venues',
          data: { name: `${marker} ${n}`, status: 'draft' } as never,
        }),
      ),
    )
    const title = unique('Renamed hall')
    const base = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    const { docs, errors } = await payload.update({
      collection: 'venues',
      where: { id: { in: made.map((item) => item.id) } },
      data: { name: title } as never,
    })
    expect(errors).toEqual([])
    const slugs = (docs as unknown as { slug: string }[]).map((doc) => doc.slug).sort()
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`])
    // Later saves see the stored slugs as before.
    expect((await venue(title)).slug).toBe(`${base}-4`)
  })
})
