import { format, parse } from 'date-fns'
import { describe, expect, it } from 'vitest'

import { pickerFormats } from '../../src/admin/pickerFormats'

/**
 * The admin's date pickers read and show dates in the editor's language (issue 28, item 2): a
 * French editor types `16/01/2027 14:00`, as react-datepicker parses it with these date-fns patterns.
 */
describe('date picker formats in the editor’s language', () => {
  it('keeps Payload’s English formats for English', () => {
    expect(pickerFormats('en')).toEqual({
      dateTime: 'MMM d, yyy h:mm a',
      day: 'MMM d, yyy',
      time: 'h:mm aa',
    })
  })

  it.each(['fr', 'es'])('reads and writes day first on a 24-hour clock in %s', (language) => {
    const formats = pickerFormats(language)
    expect(formats).toEqual({ dateTime: 'dd/MM/yyyy HH:mm', day: 'dd/MM/yyyy', time: 'HH:mm' })
    const typed = parse('16/01/2027 14:00', formats.dateTime, new Date(2026, 0, 1))
    expect([typed.getFullYear(), typed.getMonth(), typed.getDate(), typed.getHours()]).toEqual([
      2027, 0, 16, 14,
    ])
    expect(format(typed, formats.dateTime)).toBe('16/01/2027 14:00')
    expect(format(parse('03/02/2027', formats.day, new Date()), 'yyyy-MM-dd')).toBe('2027-02-03')
  })

  it('follows other languages’ own order and separators, and falls back to English for an unknown one', () => {
    expect(pickerFormats('de').day).toBe('dd.MM.yyyy')
    expect(pickerFormats('ja').day).toBe('yyyy/MM/dd')
    expect(pickerFormats('not a language')).toEqual(pickerFormats('en'))
  })
})
