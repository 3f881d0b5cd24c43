import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MAX_WXR_DEPTH, readWxrFile, WxrError } from '../../src/cli/importer/wxr/readWxr'

const EVENTS = new Set(['tribe_events'])
const HEAD = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wordpress="http://wordpress.org/export/1.1/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>`

describe('reading a WordPress export file', () => {
  let dir: string
  const write = async (name: string, text: string) => {
    const file = path.join(dir, name)
    await fs.writeFile(file, text)
    return file
  }
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-wxr-read-'))
  })
  afterAll(() => fs.rm(dir, { force: true, recursive: true }))

  it('reads posts, their meta (every value of a key) and terms, whatever prefix the wp namespace has', async () => {
    const file = await write(
      'ok.xml',
      `${HEAD}<wordpress:term><wordpress:term_id>7</wordpress:term_id><wordpress:term_taxonomy>tribe_events_cat</wordpress:term_taxonomy><wordpress:term_slug>music</wordpress:term_slug><wordpress:term_name><![CDATA[Music & more]]></wordpress:term_name></wordpress:term>
<item><title>Concert &amp; talk</title><content:encoded><![CDATA[<p>Hi</p>]]></content:encoded><wordpress:post_id>12</wordpress:post_id><wordpress:post_type>tribe_events</wordpress:post_type><wordpress:post_parent>0</wordpress:post_parent><wordpress:status>publish</wordpress:status>
<category domain="tribe_events_cat" nicename="music"><![CDATA[Music & more]]></category>
<wordpress:postmeta><wordpress:meta_key>_EventOrganizerID</wordpress:meta_key><wordpress:meta_value>3</wordpress:meta_value></wordpress:postmeta>
<wordpress:postmeta><wordpress:meta_key>_EventOrganizerID</wordpress:meta_key><wordpress:meta_value>4</wordpress:meta_value></wordpress:postmeta></item>
<item><title>About</title><wordpress:post_id>13</wordpress:post_id><wordpress:post_type>page</wordpress:post_type></item>
</channel></rss>`,
    )
    const read = await readWxrFile(file, EVENTS)
    expect(read.terms).toEqual([
      {
        description: '',
        id: 7,
        name: 'Music & more',
        parentSlug: '',
        slug: 'music',
        taxonomy: 'tribe_events_cat',
      },
    ])
    expect(read.posts).toHaveLength(1)
    expect(read.posts[0]).toMatchObject({
      content: '<p>Hi</p>',
      id: 12,
      status: 'publish',
      terms: [{ domain: 'tribe_events_cat', name: 'Music & more', slug: 'music' }],
      title: 'Concert & talk',
      type: 'tribe_events',
    })
    expect(read.posts[0]!.meta.get('_EventOrganizerID')).toEqual(['3', '4'])
  })

  it('refuses what is no export, or nests too deep, naming where', async () => {
    await expect(readWxrFile(await write('html.xml', '<html></html>'), EVENTS)).rejects.toThrow(
      'this is no WordPress export: its root is <html>, not <rss>',
    )
    const deep = `${HEAD}<item><wordpress:post_id>5</wordpress:post_id>${'<x>'.repeat(MAX_WXR_DEPTH)}${'</x>'.repeat(MAX_WXR_DEPTH)}</item></channel></rss>`
    await expect(readWxrFile(await write('deep.xml', deep), EVENTS)).rejects.toThrow(
      /deep\.xml, item 1 \(post 5\), line 2: elements are nested more than 16 deep/,
    )
    const entity = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa">]>${HEAD.slice(HEAD.indexOf('<rss'))}<item><title>&a;&a;</title></item></channel></rss>`
    await expect(readWxrFile(await write('entity.xml', entity), EVENTS)).rejects.toBeInstanceOf(
      WxrError,
    )
    await expect(readWxrFile(path.join(dir, 'missing.xml'), EVENTS)).rejects.toThrow(
      'missing.xml cannot be read',
    )
  })
})

describe('import --wxr on the command line', () => {
  it('takes the file with --dry-run, --concurrency and --source-timezone, and no other source', async () => {
    const { parseCommand, UsageError } = await import('../../src/cli/options')
    expect(
      parseCommand(
        ['import', '--wxr', 'export.xml', '--dry-run', '--source-timezone', 'Europe/Paris'],
        {},
      ),
    ).toEqual({
      command: 'import',
      concurrency: 4,
      dryRun: true,
      sourceTimezone: 'Europe/Paris',
      wxr: 'export.xml',
    })
    expect(() =>
      parseCommand(['import', '--wxr', 'a.xml', '--from', 'https://x.example'], {}),
    ).toThrow('give one of --from, --file, --wxr and --ics, not --from and --wxr')
    expect(() => parseCommand(['import', '--wxr', 'a.xml', '--user', 'me'], {})).toThrow(UsageError)
  })
})
