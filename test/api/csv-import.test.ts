import type { Payload } from 'payload'

import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { runExport, runImport } from '../../src/cli/commands'
import { UsageError } from '../../src/cli/options'
import { serveAllApis, sessionCookie, type TestServer } from '../helpers/http'
import { createUser, failureOf, getTestPayload, type TestUser, unique } from '../helpers/payload'

type Doc = Record<string, any>
type Report = {
  created: number
  updated: number
  failed: number
  rows: number
  dryRun: boolean
  lines: { row: number; outcome: string; message: string }[]
}

const EVENT_HEADER =
  'Event Name,Event Description,Event Start Date,Event Start Time,Event End Date,Event End Time,Event Time Zone,All Day Event,Event Venue Name,Event Organizer Name(s) or ID(s),Event Cost,Event Currency Symbol,Event Currency Position,Event ISO Currency Code,Event Category,Event Tags,Event Website,Feature Event'

/**
 * Spreadsheets in and out (issue 27, part 3; docs/spreadsheets.md), over real HTTP as the admin's
 * "Import CSV" view and "Export CSV" button reach them, and from the command line: The Events
 * Calendar's columns, each row on its own, the importing user's access, bounded files.
 */
describe('spreadsheets: CSV import and export', () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  let contributor: TestUser
  let subscriber: TestUser
  const cookies = new Map<TestUser, { Cookie: string }>()
  let dir: string

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    // The first account of a database is its administrator, whatever it asks: that one first.
    admin = await createUser(payload, 'administrator')
    ;[contributor, subscriber] = await Promise.all([
      createUser(payload, 'contributor'),
      createUser(payload, 'subscriber'),
    ])
    // As the admin panel's own requests carry them: the session, from a page of the same site.
    for (const user of [admin, contributor, subscriber])
      cookies.set(user, {
        ...(await sessionCookie(api, payload, user)),
        'Sec-Fetch-Site': 'same-origin',
      } as never)
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'csv-import-'))
  })

  afterAll(async () => {
    await api?.close()
    await fs.rm(dir, { force: true, recursive: true })
  })

  const post = (user: TestUser, route: string, body: BodyInit, query = '') =>
    fetch(`${api.url}/api/calendar-csv/${route}?type=events${query}`, {
      body,
      headers: { ...cookies.get(user), 'Content-Type': 'text/csv' },
      method: 'POST',
      duplex: 'half',
    } as RequestInit)

  const importAs = async (user: TestUser, csv: string, query = '') => {
    const response = await post(user, 'import', csv, query)
    expect(response.status).toBe(200)
    return (await response.json()) as Report
  }

  const exportAs = async (user: TestUser, query: string) => {
    const response = await fetch(`${api.url}/api/calendar-csv/export?${query}`, {
      headers: cookies.get(user),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
    // The file as sent, its byte-order mark included.
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
  }

  const named = async (collection: string, field: string, value: string) =>
    (
      await payload.find({
        collection: collection as never,
        depth: 0,
        limit: 10,
        overrideAccess: true,
        pagination: false,
        where: { [field]: { equals: value } },
      })
    ).docs as Doc[]

  it('exports what it imported, and an export imported into an empty calendar exports the same file', async () => {
    const u = unique('trip')
    const csv = [
      EVENT_HEADER,
      `Jazz ${u},"<p>An evening of <strong>jazz</strong>, with friends.</p>",2027-05-14,8:00 pm,2027-05-14,23:30,Europe/Paris,FALSE,Cellar ${u},"Ann ${u}, Bob ${u}",$10,,,,"Cat ${u}, Music ${u}",Tag ${u},https://example.org/jazz,yes`,
      `Fair ${u},Plain words,05/20/2027,,05/21/2027,,America/New_York,TRUE,Cellar ${u},Ann ${u},15,€,after,EUR,Cat ${u},,,`,
      `"'=1+1 Quiz ${u}",,2027-06-01,10:00:00,,11:15,,,,,,,,,Cat ${u},,,`,
    ].join('\r\n')
    const first = await importAs(admin, csv)
    expect(first.lines).toEqual([
      expect.objectContaining({ row: 2, outcome: 'created' }),
      expect.objectContaining({ row: 3, outcome: 'created' }),
      expect.objectContaining({ row: 4, outcome: 'created' }),
    ])
    expect(first.lines[0]!.message).toContain(`venue "Cellar ${u}"`)

    const [jazz] = await named('events', 'title', `Jazz ${u}`)
    expect(jazz).toMatchObject({
      allDay: false,
      featured: true,
      startDate: '2027-05-14T18:00:00.000Z',
      endDate: '2027-05-14T21:30:00.000Z',
      status: 'publish',
      timezone: 'Europe/Paris',
      website: 'https://example.org/jazz',
    })
    expect(jazz!.organizers).toHaveLength(2)
    const [fair] = await named('events', 'title', `Fair ${u}`)
    // All day, as wall times of its own zone: from the first day's start to the last day's end.
    expect([fair!.startDate, fair!.endDate]).toEqual([
      '2027-05-20T04:00:00.000Z',
      '2027-05-22T03:59:59.000Z',
    ])
    expect(fair!.costDetails).toMatchObject({ currencyPosition: 'postfix', currencySymbol: '€' })
    expect(await named('events', 'title', `=1+1 Quiz ${u}`)).toHaveLength(1)

    const [category] = await named('event-categories', 'name', `Cat ${u}`)
    const exported = await exportAs(admin, `where[categories][in][0]=${category!.id}`)
    const lines = exported.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe(
      'Event Name,Event Description,Event Excerpt,Event Start Date,Event Start Time,Event End Date,Event End Time,Event Time Zone,All Day Event,Hide Event From Event Listings,Event Sticky in Month View,Feature Event,Event Venue Name,Event Organizer Name(s) or ID(s),Event Show Map Link,Event Show Map,Event Cost,Event ISO Currency Code,Event Currency Symbol,Event Currency Position,Event Category,Event Tags,Event Website',
    )
    expect(lines[1]).toMatch(
      new RegExp(`^Jazz ${u},.*,2027-05-14,20:00,2027-05-14,23:30,Europe/Paris,FALSE,`),
    )
    expect(lines[2]).toMatch(
      new RegExp(`^Fair ${u},.*,2027-05-20,,2027-05-21,,America/New_York,TRUE,`),
    )
    expect(lines[3]).toMatch(new RegExp(`^'=1\\+1 Quiz ${u},`))

    // A second import of the export changes nothing: every row is the item it was.
    const again = await importAs(admin, exported)
    expect([again.created, again.updated, again.failed]).toEqual([0, 3, 0])

    // The calendar emptied of all of it, as a fresh one: its events, venue, organizers and terms.
    const remove = async (collection: string, ids: unknown[]) =>
      payload.delete({
        collection: collection as never,
        overrideAccess: true,
        where: { id: { in: ids } },
      })
    const events = (await exportedEvents(category!.id)).map((event) => event.id)
    await remove('events', events)
    await remove('venues', [jazz!.venue])
    await remove('organizers', jazz!.organizers)
    await remove('event-categories', [...jazz!.categories])
    await remove('event-tags', jazz!.tags)
    expect(await named('venues', 'name', `Cellar ${u}`)).toHaveLength(0)
    expect(await named('event-categories', 'name', `Cat ${u}`)).toHaveLength(0)

    const second = await importAs(admin, exported)
    expect([second.created, second.failed]).toEqual([3, 0])
    const [recreated] = await named('event-categories', 'name', `Cat ${u}`)
    expect(recreated!.id).not.toBe(category!.id)
    expect(await exportAs(admin, `where[categories][in][0]=${recreated!.id}`)).toBe(exported)

    // The command line writes the same file for the same filter.
    const file = path.join(dir, `${u}.csv`)
    const written: string[] = []
    const code = await runExport(
      payload,
      { command: 'export', csv: file, category: `Cat ${u}` },
      { write: (line) => written.push(line) },
    )
    expect(code).toBe(0)
    expect(written).toEqual([`Wrote 3 events to ${file}`])
    expect(await fs.readFile(file, 'utf8')).toBe(exported)
  })

  const exportedEvents = async (categoryId: number) =>
    (
      await payload.find({
        collection: 'events',
        depth: 0,
        limit: 10,
        overrideAccess: true,
        pagination: false,
        where: { categories: { in: [categoryId] } },
      })
    ).docs as Doc[]

  it('reports a bad date by its row number and imports the other rows', async () => {
    const u = unique('rows')
    const csv = [
      'Event Name,Event Start Date,Event Start Time',
      `First ${u},2027-07-01,10:00`,
      `Second ${u},32/13/2027,10:00`,
      `Third ${u},2027-07-03,10:00`,
    ].join('\n')
    const report = await importAs(admin, csv)
    expect(report.lines).toEqual([
      expect.objectContaining({ row: 2, outcome: 'created' }),
      {
        row: 3,
        outcome: 'failed',
        message: 'Event Start Date "32/13/2027 10:00" is not a date',
      },
      expect.objectContaining({ row: 4, outcome: 'created' }),
    ])
    expect([report.created, report.failed]).toEqual([2, 1])
    expect(await named('events', 'title', `First ${u}`)).toHaveLength(1)
    expect(await named('events', 'title', `Second ${u}`)).toHaveLength(0)
    expect(await named('events', 'title', `Third ${u}`)).toHaveLength(1)
  })

  it('takes spreadsheets in turns: an export asked during an import is made after it, with every row', async () => {
    const u = unique('turns')
    const rows = 40
    const csv = [
      'Event Name,Event Start Date,Event Start Time',
      ...Array.from(
        { length: rows },
        (_, i) => `Turn ${u} ${i},2027-08-${String((i % 28) + 1).padStart(2, '0')},10:00`,
      ),
    ].join('\n')
    const importing = importAs(admin, csv)
    // The import has begun (its first rows are in) when the export is asked.
    for (let tries = 0; (await named('events', 'title', `Turn ${u} 0`)).length === 0; tries++) {
      expect(tries).toBeLessThan(300)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const exported = await exportAs(admin, `search=${encodeURIComponent(`Turn ${u}`)}`)
    expect((await importing).created).toBe(rows)
    expect(exported.trim().split('\n')).toHaveLength(rows + 1)
  })

  it('takes turns fairly: a long import gives way to another person’s file, and one person imports one file at a time', async () => {
    const u = unique('fair')
    const rows = 300
    const long = [
      'Event Name,Event Start Date,Event Start Time',
      ...Array.from(
        { length: rows },
        (_, i) => `Long ${u} ${i},2027-09-${String((i % 28) + 1).padStart(2, '0')},10:00`,
      ),
    ].join('\n')
    let longDone = false
    const longImport = importAs(contributor, long).then((report) => {
      longDone = true
      return report
    })
    for (let tries = 0; (await named('events', 'title', `Long ${u} 0`)).length === 0; tries++) {
      expect(tries).toBeLessThan(300)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // The same person's second file is refused at once rather than queued behind the first.
    const second = await post(
      contributor,
      'import',
      `Event Name,Event Start Date\nSecond ${u},2027-09-01`,
    )
    expect(second.status).toBe(429)
    expect(((await second.json()) as { errors: [{ message: string }] }).errors[0].message).toBe(
      'You are already importing a spreadsheet: wait for it to end.',
    )
    // Another person's small file is imported within a slice of the long one, which goes on.
    const small = await importAs(admin, `Event Name,Event Start Date\nShort ${u},2027-09-02`)
    expect(small.created).toBe(1)
    expect(longDone).toBe(false)
    const report = await longImport
    expect(report.created).toBe(rows)
    expect(report.failed).toBe(0)
  })

  it('writes nothing on a dry run, and says what would be done', async () => {
    const u = unique('dry')
    const csv = [
      'Event Name,Event Start Date,Event Venue Name,Event Category',
      `Dry ${u},2027-08-01 18:00,Hall ${u},Cat ${u}`,
      `Broken ${u},not a date at all,,`,
    ].join('\n')
    const report = await importAs(admin, csv, '&dryRun=true')
    expect(report.dryRun).toBe(true)
    expect(report.lines).toEqual([
      expect.objectContaining({ row: 2, outcome: 'created' }),
      expect.objectContaining({ row: 3, outcome: 'failed' }),
    ])
    expect(report.lines[0]!.message).toMatch(
      new RegExp(`^"Dry ${u}" \\(\\d+\\) created, with venue "Hall ${u}", category "Cat ${u}"$`),
    )
    expect(await named('events', 'title', `Dry ${u}`)).toHaveLength(0)
    expect(await named('venues', 'name', `Hall ${u}`)).toHaveLength(0)
    expect(await named('event-categories', 'name', `Cat ${u}`)).toHaveLength(0)

    // The command line's dry run as well.
    const file = path.join(dir, `${u}.csv`)
    await fs.writeFile(file, csv)
    const written: string[] = []
    const { code } = await runImport(
      payload,
      { command: 'import', csv: file, dryRun: true, type: 'events' },
      { write: (line) => written.push(line) },
    )
    expect(code).toBe(1)
    expect(written.at(-1)).toBe(
      'dry run, nothing written: 2 rows would be 1 created, 0 updated, 1 failed',
    )
    expect(written[1]).toBe('row 3: failed: Event Start Date "not a date at all" is not a date')
    expect(await named('events', 'title', `Dry ${u}`)).toHaveLength(0)
  })

  it('refuses a 200 MB file, and a file that is not a CSV, at once with a clear error', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x61)
    let sent = 0
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 200) return controller.close()
        sent++
        controller.enqueue(chunk)
      },
    })
    const started = Date.now()
    const response = await post(admin, 'import', huge as never)
    expect(response.status).toBe(413)
    expect(Date.now() - started).toBeLessThan(5000)
    expect(sent).toBeLessThan(200)

    // At the command line: the file's size is read before the file.
    const file = path.join(dir, 'huge.csv')
    await fs.writeFile(file, '')
    await fs.truncate(file, 200 * 1024 * 1024)
    const refusal = await failureOf(() =>
      runImport(payload, { command: 'import', csv: file, dryRun: false, type: 'events' }),
    )
    expect(refusal).toBeInstanceOf(UsageError)
    expect(refusal.message).toBe(`--csv: ${file} is larger than 10 MB`)

    const unclosed = await post(
      admin,
      'import',
      'Event Name,Event Start Date\n"Open quote,2027-01-01\n',
    )
    expect(unclosed.status).toBe(400)
    expect((await unclosed.json()).errors[0].message).toMatch(
      /^The file is not a readable CSV file: /,
    )
    const binary = await post(admin, 'preview', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]))
    expect(binary.status).toBe(400)
    expect((await binary.json()).errors[0].message).toBe(
      'The file is not text: it is not a CSV file.',
    )
    const noColumn = await importAs(admin, 'Title,When\nA,2027-01-01\n')
    expect(noColumn.lines).toEqual([
      {
        row: 1,
        outcome: 'failed',
        message: 'No column is "Event Name", "Event Start Date": nothing was imported',
      },
    ])
  })

  it('imports with the importing user’s access: a contributor creates no category, and a subscriber nothing', async () => {
    const u = unique('access')
    const csv = [
      'Event Name,Event Start Date,Event Venue Name,Event Category',
      `Mine ${u},2027-09-01 10:00,Hall ${u},`,
      `Tagged ${u},2027-09-02 10:00,Room ${u},New ${u}`,
    ].join('\n')
    const report = await importAs(contributor, csv)
    expect(report.lines).toEqual([
      expect.objectContaining({ row: 2, outcome: 'created' }),
      {
        row: 3,
        outcome: 'failed',
        message: 'You are not allowed to perform this action.',
      },
    ])
    // The row's venue went with its event: nothing of a failed row stays.
    expect(await named('venues', 'name', `Room ${u}`)).toHaveLength(0)
    expect(await named('event-categories', 'name', `New ${u}`)).toHaveLength(0)
    const [mine] = await named('events', 'title', `Mine ${u}`)
    // Nobody publishes by a spreadsheet what they could not publish otherwise.
    expect(mine!.status).toBe('draft')
    expect(mine!.author).toBe(contributor.id)

    const refused = await post(subscriber, 'import', csv)
    expect(refused.status).toBe(403)
    const visitor = await fetch(`${api.url}/api/calendar-csv/export`)
    expect(visitor.status).toBe(403)
  })

  it('bounds an export’s filters as Payload’s API bounds them, before any turn or SQL', async () => {
    const exportWith = (query: string) =>
      fetch(`${api.url}/api/calendar-csv/export?${query}`, { headers: cookies.get(admin) })
    for (const query of [
      // Nine conditions on venues, each a join (8 at most).
      Array.from({ length: 9 }, (_, i) => `where[or][${i}][venue.name][equals]=v${i}`).join('&'),
      `where[id][in]=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`,
      `search=${'a'.repeat(1_001)}`,
    ]) {
      const response = await exportWith(query)
      expect(response.status, query.slice(0, 40)).toBe(400)
      expect(
        ((await response.json()) as { errors: { message: string }[] }).errors[0]!.message,
      ).toMatch(/^The query asks too much of the database/)
    }
    expect((await exportWith('where[id][in]=1,2')).status).toBe(200)
  })

  it('keeps no script of a cell, whoever imports', async () => {
    const u = unique('html')
    const csv = [
      'Event Name,Event Description,Event Excerpt,Event Start Date',
      `"<b>Bold</b> ${u}<script>alert(1)</script>","<p>Hi</p><script>alert(2)</script><img src=x onerror=""alert(3)""><iframe src=""https://example.org/embed""></iframe>","<a href=""javascript:alert(4)"">x</a>",2027-10-01 10:00`,
    ].join('\n')
    const report = await importAs(admin, csv)
    expect(report.created).toBe(1)
    const { docs } = await payload.find({
      collection: 'events',
      depth: 0,
      overrideAccess: true,
      where: { title: { like: u } },
    })
    const event = docs[0] as Doc
    expect(event.title).toBe(`<b>Bold</b> ${u}alert(1)`)
    expect(event.descriptionHtml).toContain('<p>Hi</p>')
    for (const text of [event.title, event.descriptionHtml, event.excerpt])
      expect(text).not.toMatch(/<script|onerror|javascript:/i)
    // What an administrator may write by hand (`unfiltered_html`) is not taken from a file.
    expect(event.descriptionHtml).not.toMatch(/<iframe/i)
  })
})
