import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { generateTypes } from 'payload/node'
import { expect, it } from 'vitest'

import configPromise from '../../payload.config'

// payload-types.ts is committed (the sources are type-checked against it, as a host's are against
// its own): it must be what `npm run generate:types` makes from today's collections.
it('payload-types.ts is up to date with the collections (else run npm run generate:types)', async () => {
  const config = await configPromise
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-types-'))
  try {
    const outputFile = path.join(directory, 'payload-types.ts')
    await generateTypes(
      { ...config, typescript: { ...config.typescript, outputFile } },
      { log: false },
    )
    const committed = await fs.readFile(
      path.resolve(import.meta.dirname, '../../payload-types.ts'),
      'utf8',
    )
    expect(await fs.readFile(outputFile, 'utf8')).toBe(committed)
  } finally {
    await fs.rm(directory, { force: true, recursive: true })
  }
})
