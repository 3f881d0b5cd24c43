import { sql } from '@payloadcms/db-postgres'
import { describe, expect, it } from 'vitest'

import { up } from '../../src/migrations/20261128_110000_zero_costs'
import { inRolledBackTransaction } from '../helpers/rolledBack'
import { getTestPayload } from '../helpers/payload'

/*
 * A cost of "0" saved before it was shown `Free` (which only an update keeps now) becomes no
 * cost, as it was shown: `src/migrations/20261128_110000_zero_costs.ts`. Run in a transaction
 * that is rolled back, so the worker's shared database keeps its rows.
 */
describe('the zero costs migration', () => {
  it('empties the costs of "0" and their values, and leaves every other cost', async () => {
    const payload = await getTestPayload()
    const create = async (cost: string) =>
      (
        await payload.create({
          collection: 'events',
          data: {
            cost,
            endDate: '2031-07-01T11:00:00.000Z',
            startDate: '2031-07-01T10:00:00.000Z',
            status: 'draft',
            title: `Zero cost migration ${JSON.stringify(cost)}`,
          } as never,
          overrideAccess: true,
        })
      ).id as number
    const ids = [await create('0'), await create(' 0 '), await create('10'), await create('0.0')]
    await inRolledBackTransaction(payload, async (tx) => {
      const costs = async () =>
        (
          await tx.execute(
            sql`SELECT e.cost, (SELECT array_agg(t.text ORDER BY t."order") FROM events_texts t
                  WHERE t.parent_id = e.id AND t.path = 'costDetails.values') AS "values"
                FROM events e WHERE e.id IN (${sql.join(ids, sql`, `)}) ORDER BY e.id`,
          )
        ).rows
      expect(await costs()).toEqual([
        { cost: '0', values: ['0'] },
        { cost: ' 0 ', values: ['0'] },
        { cost: '10', values: ['10'] },
        { cost: '0.0', values: ['0.0'] },
      ])
      await up({ db: tx } as never)
      expect(await costs()).toEqual([
        { cost: '', values: null },
        { cost: '', values: null },
        { cost: '10', values: ['10'] },
        { cost: '0.0', values: ['0.0'] },
      ])
    })
  })
})
