import { describe, expect, it } from 'vitest'

import { parseRecurrence, summarizeRecurrence } from '../../src/recurrence'

const summaries = (text: string) => {
  const { series, recurrence } = parseRecurrence(text)
  return {
    en: summarizeRecurrence(series, recurrence, 'en'),
    fr: summarizeRecurrence(series, recurrence, 'fr'),
    es: summarizeRecurrence(series, recurrence, 'es'),
  }
}

describe('recurrence summary in plain words', () => {
  it("words issue 26's example in English, French and Spanish", () => {
    expect(
      summaries(
        'DTSTART;TZID=America/New_York:20270301T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=12',
      ),
    ).toEqual({
      en: 'Every Monday and Wednesday at 09:00, 12 times',
      fr: 'Chaque lundi et mercredi à 09:00, 12 fois',
      es: 'Cada lunes y miércoles a las 09:00, 12 veces',
    })
  })

  it("gives the interval, the days and the end date in the event's zone", () => {
    expect(
      summaries(
        'DTSTART;TZID=America/New_York:20270301T183000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270630T223000Z',
      ),
    ).toEqual({
      en: 'Every 2 weeks on Monday and Wednesday at 18:30, until June 30, 2027',
      fr: 'Toutes les 2 semaines, le lundi et le mercredi à 18:30, jusqu’au 30 juin 2027',
      es: 'Cada 2 semanas, el lunes y el miércoles a las 18:30, hasta el 30 de junio de 2027',
    })
  })

  it('names the nth weekday of a month, the last weekday, and days of the month', () => {
    expect(
      summaries('DTSTART;TZID=Europe/Paris:20270309T190000\nRRULE:FREQ=MONTHLY;BYDAY=2TU'),
    ).toEqual({
      en: 'Every month on the second Tuesday at 19:00',
      fr: 'Tous les mois, le deuxième mardi à 19:00',
      es: 'Todos los meses, el segundo martes a las 19:00',
    })
    expect(
      summaries('DTSTART;TZID=Europe/Paris:20270326T190000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=1')
        .en,
    ).toBe('Every month on the last Friday at 19:00, once')
    expect(
      summaries(
        'DTSTART;TZID=Europe/Paris:20270331T190000\nRRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      ).fr,
    ).toBe('Tous les mois, le dernier lundi, mardi, mercredi, jeudi ou vendredi à 19:00')
    expect(
      summaries('DTSTART;TZID=Europe/Paris:20270301T190000\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1,15,-1'),
    ).toEqual({
      en: 'Every month on the 1st, the 15th, and the last day at 19:00',
      fr: 'Tous les mois, le 1er, le 15 et le dernier jour à 19:00',
      es: 'Todos los meses, el día 1, el día 15 y el último día a las 19:00',
    })
  })

  it('words all-day and yearly series without a time, and counts extra and excluded dates', () => {
    expect(summaries('DTSTART;VALUE=DATE:20270301\nRRULE:FREQ=YEARLY')).toEqual({
      en: 'Every year on March 1',
      fr: 'Tous les ans, le 1er mars',
      es: 'Todos los años, el 1 de marzo',
    })
    expect(
      summaries('DTSTART;VALUE=DATE:20271125\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;COUNT=5').en,
    ).toBe('Every year on the fourth Thursday in November, 5 times')
    expect(summaries('DTSTART;VALUE=DATE:20270315\nRRULE:FREQ=YEARLY;BYMONTHDAY=15')).toEqual({
      en: 'Every year on the 15th of every month',
      fr: 'Tous les ans, le 15 de chaque mois',
      es: 'Todos los años, el día 15 de cada mes',
    })
    expect(
      summaries(
        'DTSTART;TZID=UTC:20270301T010000\nRRULE:FREQ=DAILY;COUNT=5\nRDATE;TZID=UTC:20270310T010000\nEXDATE;TZID=UTC:20270302T010000',
      ),
    ).toEqual({
      en: 'Every day at 01:00, 5 times, and on 1 other date, except on 1 date',
      fr: 'Tous les jours à 01:00, 5 fois, et 1 autre date, sauf 1 date',
      es: 'Todos los días a la 01:00, 5 veces, y 1 fecha más, excepto 1 fecha',
    })
    expect(summaries('DTSTART;VALUE=DATE:20270301\nRDATE;VALUE=DATE:20270704,20270801')).toEqual({
      en: 'On 3 dates',
      fr: 'À 3 dates',
      es: 'En 3 fechas',
    })
  })
})
