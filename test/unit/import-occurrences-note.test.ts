import { describe, expect, it } from 'vitest'

import { warnOfOccurrences } from '../../src/cli/importer/wordpress'
import { RunReport } from '../../src/cli/progress'

/**
 * The REST import of a Pro site: its recurring events' occurrences come over as separate events,
 * and the summary says how many and how to bring them as series (issue 26, item 9).
 */
describe('the REST import names the occurrences it brings as separate events', () => {
  const events = (urls: string[]) => ({
    events: new Map(urls.map((url, index) => [index + 1, { id: index + 1, url }])),
  })

  it('counts the events whose address ends in a date, as Pro writes occurrences', () => {
    const report = new RunReport(false)
    warnOfOccurrences(
      events([
        'https://old.example/event/yoga/2027-03-01/',
        'https://old.example/event/yoga/2027-03-08/',
        'https://old.example/event/yoga/2027-03-08/2/',
        'https://old.example/event/concert/',
        'https://old.example/?post_type=tribe_events&p=12',
      ]),
      report,
    )
    expect(report.warnings).toHaveLength(1)
    expect(report.warnings[0]).toMatch(/^3 event\(s\) are occurrences of recurring events/)
    expect(report.warnings[0]).toContain('--wxr')
  })

  it('says nothing of a site without recurring events', () => {
    const report = new RunReport(false)
    warnOfOccurrences(events(['https://old.example/event/concert/']), report)
    expect(report.warnings).toEqual([])
  })
})
