import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { inlineParameters } from '../../src/db/payloadInternals/inlineParameters'

// pg's own conversion, which its types do not declare.
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } })
  .utils
const driver = { escapeLiteral: pg.escapeLiteral, prepareValue }

describe('inlineParameters (a statement sent with others in one message)', () => {
  it('writes each parameter in as the quoted text pg would send for it, NULL for none', () => {
    const when = new Date('2027-06-01T10:00:00.000Z')
    expect(
      inlineParameters(
        'select * from "t" where "a" = $1 and "b" = $2 and "c" in ($3, $10) and "d" = $4',
        [5, "it's", null, when, ...Array(5).fill(0), true],
        driver,
      ),
    ).toBe(
      `select * from "t" where "a" = '5' and "b" = 'it''s' and "c" in (NULL, 'true') and "d" = '${prepareValue(when) as string}'`,
    )
    const json = { a: 'b\\c' }
    expect(inlineParameters('insert into "t" ("j") values ($1);', [json], driver)).toBe(
      `insert into "t" ("j") values (${pg.escapeLiteral(JSON.stringify(json))})`,
    )
  })

  it('leaves what is inside quotes as it is, \'$1\' and "$1" included', () => {
    expect(inlineParameters(`select '$1', "$2", $1`, [7], driver)).toBe(`select '$1', "$2", '7'`)
    expect(inlineParameters(`select 'it''s $1', $1`, [7], driver)).toBe(`select 'it''s $1', '7'`)
  })

  it('declines what it cannot be sure of: bytes, dollar quotes, comments, backslashes, identifiers with $, open quotes, missing values', () => {
    expect(inlineParameters('select $1', [Buffer.from('x')], driver)).toBeNull()
    expect(inlineParameters('select $$x$$', [], driver)).toBeNull()
    expect(inlineParameters('select 1 -- $1', [1], driver)).toBeNull()
    expect(inlineParameters('select 1 /* x */', [], driver)).toBeNull()
    expect(inlineParameters("select E'\\n'", [], driver)).toBeNull()
    expect(inlineParameters('select a$1 from t', [1], driver)).toBeNull()
    expect(inlineParameters("select 'open", [], driver)).toBeNull()
    expect(inlineParameters('select $2', [1], driver)).toBeNull()
  })
})
