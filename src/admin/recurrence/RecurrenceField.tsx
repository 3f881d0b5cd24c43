'use client'

import type { CSSProperties, ReactNode } from 'react'
import type { GroupFieldClientComponent } from 'payload'

import { Button, useField, useFormFields } from '@payloadcms/ui'
import { useEffect, useMemo, useRef, useState } from 'react'

import type { CalendarTranslationKey } from '../../i18n'
import type { RecurrenceErrorCode, Weekday } from '../../recurrence'
import type { EditorState, Ending, Repeat } from './editorState'
import type { ErrorPlace } from './preview'

import { useCalendarTranslation } from '../../i18n/useCalendarTranslation'
import { DEFAULT_HORIZON_MONTHS, MAX_COUNT, MAX_DATES, MAX_OCCURRENCES } from '../../recurrence'
import { weekdayName } from '../../recurrence/dayNames'
import { WEEKDAYS } from '../../recurrence/types'
import {
  MAX_INTERVAL,
  MONTH_DAYS,
  ORDINALS,
  ruleOfState,
  seriesOfForm,
  stateOfRule,
} from './editorState'
import { formatWall, previewOf, summaryLocaleOf } from './preview'

const REPEATS: { key: CalendarTranslationKey; value: Repeat }[] = [
  { key: 'recurrenceNone', value: 'none' },
  { key: 'recurrenceDaily', value: 'daily' },
  { key: 'recurrenceWeekly', value: 'weekly' },
  { key: 'recurrenceMonthly', value: 'monthly' },
  { key: 'recurrenceYearly', value: 'yearly' },
  { key: 'recurrenceCustom', value: 'custom' },
]

const UNITS: Record<'daily' | 'monthly' | 'weekly' | 'yearly', CalendarTranslationKey> = {
  daily: 'recurrenceUnitDaily',
  weekly: 'recurrenceUnitWeekly',
  monthly: 'recurrenceUnitMonthly',
  yearly: 'recurrenceUnitYearly',
}

const ORDINAL_KEYS: Record<number, CalendarTranslationKey> = {
  1: 'recurrenceOrdinal1',
  2: 'recurrenceOrdinal2',
  3: 'recurrenceOrdinal3',
  4: 'recurrenceOrdinal4',
  5: 'recurrenceOrdinal5',
  [-1]: 'recurrenceOrdinalLast',
}

const ERROR_KEYS: Record<RecurrenceErrorCode | 'until_missing', CalendarTranslationKey> = {
  unreadable: 'recurrenceErrorUnreadable',
  unsupported: 'recurrenceErrorUnsupported',
  count_too_large: 'recurrenceErrorCountTooLarge',
  count_and_until: 'recurrenceErrorCountAndUntil',
  until_before_start: 'recurrenceErrorUntilBeforeStart',
  before_start: 'recurrenceErrorBeforeStart',
  interval: 'recurrenceErrorInterval',
  out_of_range: 'recurrenceErrorOutOfRange',
  too_many_occurrences: 'recurrenceErrorTooManyOccurrences',
  too_many_dates: 'recurrenceErrorTooManyDates',
  too_long: 'recurrenceErrorTooLong',
  other_zone: 'recurrenceErrorOtherZone',
  not_an_occurrence: 'recurrenceErrorNotAnOccurrence',
  start_not_in_rule: 'recurrenceErrorStartNotInRule',
  start_excluded: 'recurrenceErrorStartExcluded',
  until_missing: 'recurrenceErrorUntilMissing',
}

// Payload's own input look, for the small inputs laid out in a sentence ("Every [2] weeks").
const inputStyle: CSSProperties = {
  background: 'var(--theme-input-bg)',
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: 'var(--style-radius-s)',
  color: 'var(--theme-elevation-800)',
  font: 'inherit',
  minHeight: 'calc(var(--base) * 2)',
  padding: '0 calc(var(--base) / 2)',
}
const rowStyle: CSSProperties = {
  alignItems: 'center',
  display: 'flex',
  flexWrap: 'wrap',
  gap: 'calc(var(--base) / 2)',
  marginBottom: 'calc(var(--base) / 2)',
}
const fieldsetStyle: CSSProperties = { border: 0, margin: '0 0 calc(var(--base) / 2)', padding: 0 }
// Read by screen readers, not shown: the repeat choice above already says it.
const visuallyHidden: CSSProperties = {
  clip: 'rect(0 0 0 0)',
  height: 1,
  overflow: 'hidden',
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
}
const legendStyle: CSSProperties = { marginBottom: 'calc(var(--base) / 4)', padding: 0 }
// A panel as the form's collapsible groups ("When", "Where and who") are drawn.
const panelStyle: CSSProperties = {
  border: '1px solid var(--theme-elevation-100)',
  borderRadius: 'var(--style-radius-m)',
  marginBottom: 'var(--spacing-field)',
}
const panelTitleStyle: CSSProperties = {
  background: 'var(--theme-elevation-50)',
  borderBottom: '1px solid var(--theme-elevation-100)',
  borderRadius: 'var(--style-radius-m) var(--style-radius-m) 0 0',
  color: 'var(--theme-elevation-800)',
  fontSize: 'inherit',
  fontWeight: 'normal',
  margin: 0,
  padding: 'calc(var(--base) / 2) var(--base)',
}
const panelBodyStyle: CSSProperties = { padding: 'var(--base)' }
// Each weekday a pill, filled when chosen.
const dayStyle: CSSProperties = {
  alignItems: 'center',
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: 999,
  cursor: 'pointer',
  display: 'inline-flex',
  gap: 4,
  padding: '2px calc(var(--base) / 2) 2px 6px',
}
const dayChosenStyle: CSSProperties = {
  background: 'var(--theme-elevation-100)',
  borderColor: 'var(--theme-elevation-400)',
  fontWeight: 600,
}

/**
 * The event's recurrence, edited as an editor thinks of it: repeat daily, weekly on chosen days,
 * monthly on a date or "the second Tuesday", yearly, or by a custom RRULE; every N; ending never,
 * after N times or on a date. It writes the group's three values (`rule`, `rdates`, `exdates`,
 * collections/Events/recurrenceField.ts), says the rule in words in the editor's language, and
 * previews the next dates in the event's zone, each of which can be excluded or brought back.
 * Refusals are the server's own (`checkRecurrence` and the expansion, same horizon), shown next to
 * the choice they are about.
 */
export const RecurrenceField: GroupFieldClientComponent = ({ path, readOnly }) => {
  const { i18n, t } = useCalendarTranslation()
  const rule = useField<null | string>({ path: `${path}.rule` })
  const rdates = useField<null | string[]>({ path: `${path}.rdates` })
  const exdates = useField<null | string[]>({ path: `${path}.exdates` })
  const startDate = useFormFields(([fields]) => fields.startDate?.value) as
    null | string | undefined
  const zoneValue = useFormFields(([fields]) => fields.timezone?.value) as string | undefined
  const allDay = Boolean(useFormFields(([fields]) => fields.allDay?.value))
  const series = useMemo(
    () => seriesOfForm(startDate, zoneValue, allDay),
    [startDate, zoneValue, allDay],
  )
  // Until the form has a start, the choices open on today's weekday and date.
  const anchor = series ?? { allDay, start: new Date().toISOString().slice(0, 19), timeZone: 'UTC' }

  const [state, setState] = useState<EditorState>(() => stateOfRule(rule.value, anchor))
  const written = useRef(rule.value ?? '')
  // A rule that changes under the editor (the saved document coming back, a reset) is read again.
  useEffect(() => {
    if ((rule.value ?? '') === written.current) return
    written.current = rule.value ?? ''
    setState(stateOfRule(rule.value, anchor))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rule.value])

  const extra = rdates.value ?? []
  const excluded = exdates.value ?? []
  const base = `field-${path.replace(/\./g, '__')}`
  const language = i18n.language

  const change = (patch: Partial<EditorState>) => {
    const next = { ...state, ...patch }
    setState(next)
    const text = ruleOfState(next)
    written.current = text
    rule.setValue(text)
    if (next.repeat === 'none' && state.repeat !== 'none') {
      // Not repeating any more: the series' own dates go with its rule.
      if (extra.length > 0) rdates.setValue([])
      if (excluded.length > 0) exdates.setValue([])
    }
  }

  const preview = useMemo(
    () =>
      series
        ? previewOf(
            {
              allDay,
              recurrence: { rule: rule.value, rdates: extra, exdates: excluded },
              startDate,
              timezone: zoneValue,
            },
            summaryLocaleOf(language),
            new Date(),
          )
        : undefined,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [series, allDay, startDate, zoneValue, rule.value, extra.join(), excluded.join(), language],
  )
  const untilMissing =
    state.repeat !== 'none' && state.repeat !== 'custom' && state.ending === 'until' && !state.until

  const errorAt = (place: ErrorPlace): ReactNode => {
    const error =
      place === 'ending' && untilMissing
        ? 'until_missing'
        : preview?.error?.place === place
          ? preview.error.code
          : undefined
    if (!error) return null
    return (
      <p
        className="recurrence-field__error"
        id={`${base}-error-${place}`}
        role="alert"
        style={{ color: 'var(--theme-error-500)', margin: '0 0 calc(var(--base) / 2)' }}
      >
        {t(ERROR_KEYS[error], {
          max: (error === 'count_too_large'
            ? MAX_COUNT
            : error === 'too_many_dates'
              ? MAX_DATES
              : MAX_OCCURRENCES
          ).toLocaleString(language),
          months: DEFAULT_HORIZON_MONTHS,
        })}
      </p>
    )
  }
  const describedBy = (place: ErrorPlace) =>
    preview?.error?.place === place || (place === 'ending' && untilMissing)
      ? `${base}-error-${place}`
      : undefined

  const toggleExcluded = (start: string) =>
    exdates.setValue(
      excluded.includes(start)
        ? excluded.filter((value) => value !== start)
        : [...excluded, start].sort(),
    )
  const [newDate, setNewDate] = useState('')
  const addDate = () => {
    const value = allDay ? newDate : newDate.length === 16 ? `${newDate}:00` : newDate
    if (!value || extra.includes(value)) return
    rdates.setValue([...extra, value].sort())
    setNewDate('')
  }
  const fieldAt = (name: string) => `${base}-${name}`
  const repeats = state.repeat !== 'none' && state.repeat !== 'custom'

  return (
    <div className="field-type recurrence-field" id={base} style={panelStyle}>
      <h3 className="field-label" style={panelTitleStyle}>
        {t('recurrence')}
      </h3>
      <div style={panelBodyStyle}>
        {!series && (
          <p style={{ margin: '0 0 calc(var(--base) / 2)' }}>{t('recurrenceNeedsStart')}</p>
        )}

        <div style={rowStyle}>
          <label htmlFor={fieldAt('repeat')}>{t('recurrenceRepeat')}</label>
          <select
            aria-describedby={describedBy('repeat')}
            disabled={readOnly}
            id={fieldAt('repeat')}
            onChange={(event) =>
              change({
                repeat: event.target.value as Repeat,
                custom:
                  event.target.value === 'custom' && !state.custom
                    ? ruleOfState(state)
                    : state.custom,
              })
            }
            style={inputStyle}
            value={state.repeat}
          >
            {REPEATS.map((repeat) => (
              <option key={repeat.value} value={repeat.value}>
                {t(repeat.key)}
              </option>
            ))}
          </select>
        </div>

        {state.repeat === 'custom' && (
          <div style={{ marginBottom: 'calc(var(--base) / 2)' }}>
            <label htmlFor={fieldAt('custom')} style={{ display: 'block' }}>
              {t('recurrenceCustomRule')}
            </label>
            <input
              aria-describedby={[describedBy('repeat'), fieldAt('custom-help')]
                .filter(Boolean)
                .join(' ')}
              id={fieldAt('custom')}
              onChange={(event) => change({ custom: event.target.value })}
              readOnly={readOnly}
              spellCheck={false}
              style={{ ...inputStyle, fontFamily: 'monospace', width: '100%' }}
              type="text"
              value={state.custom}
            />
            <p
              id={fieldAt('custom-help')}
              style={{ color: 'var(--theme-elevation-500)', margin: 'calc(var(--base) / 4) 0 0' }}
            >
              {t('recurrenceCustomHelp')}
            </p>
          </div>
        )}
        {errorAt('repeat')}

        {repeats && (
          <>
            <div style={rowStyle}>
              <label htmlFor={fieldAt('interval')}>{t('recurrenceEvery')}</label>
              <input
                aria-describedby={describedBy('interval')}
                id={fieldAt('interval')}
                max={MAX_INTERVAL}
                min={1}
                onChange={(event) =>
                  change({
                    interval: Math.max(
                      1,
                      Math.min(MAX_INTERVAL, Math.trunc(Number(event.target.value)) || 1),
                    ),
                  })
                }
                readOnly={readOnly}
                style={{ ...inputStyle, width: '5em' }}
                type="number"
                value={state.interval}
              />
              <span>{t(UNITS[state.repeat as keyof typeof UNITS], { count: state.interval })}</span>
            </div>
            {errorAt('interval')}
          </>
        )}

        {state.repeat === 'weekly' && (
          <fieldset aria-describedby={describedBy('days')} style={fieldsetStyle}>
            <legend style={legendStyle}>{t('recurrenceOnDays')}</legend>
            <div style={rowStyle}>
              {WEEKDAYS.map((day) => {
                const checked = state.weekdays.includes(day)
                return (
                  <label
                    htmlFor={fieldAt(`day-${day}`)}
                    key={day}
                    style={checked ? { ...dayStyle, ...dayChosenStyle } : dayStyle}
                  >
                    <input
                      checked={checked}
                      // The last day chosen stays: a weekly rule repeats on at least one.
                      disabled={readOnly || (checked && state.weekdays.length === 1)}
                      id={fieldAt(`day-${day}`)}
                      onChange={() =>
                        change({
                          weekdays: checked
                            ? state.weekdays.filter((other) => other !== day)
                            : [...state.weekdays, day],
                        })
                      }
                      type="checkbox"
                    />
                    <abbr
                      style={{ textDecoration: 'none' }}
                      title={weekdayName(day, language, 'long')}
                    >
                      {weekdayName(day, language, 'short')}
                    </abbr>
                  </label>
                )
              })}
            </div>
          </fieldset>
        )}

        {state.repeat === 'monthly' && (
          <fieldset aria-describedby={describedBy('days')} style={fieldsetStyle}>
            <legend style={visuallyHidden}>{t('recurrenceMonthly')}</legend>
            <Choice
              checked={state.monthlyBy === 'monthDay'}
              disabled={readOnly}
              id={fieldAt('by-month-day')}
              label={t('recurrenceMonthlyOnDay')}
              name={fieldAt('monthly-by')}
              onChoose={() => change({ monthlyBy: 'monthDay' })}
            >
              <select
                aria-label={t('recurrenceMonthlyOnDay')}
                disabled={readOnly || state.monthlyBy !== 'monthDay'}
                id={fieldAt('month-day')}
                onChange={(event) => change({ monthDay: Number(event.target.value) })}
                style={inputStyle}
                value={state.monthDay}
              >
                {MONTH_DAYS.map((day) => (
                  <option key={day} value={day}>
                    {day === -1 ? t('recurrenceLastDay') : day}
                  </option>
                ))}
              </select>
            </Choice>
            <Choice
              checked={state.monthlyBy === 'nthWeekday'}
              disabled={readOnly}
              id={fieldAt('by-weekday')}
              label={t('recurrenceMonthlyOnWeekday')}
              name={fieldAt('monthly-by')}
              onChoose={() => change({ monthlyBy: 'nthWeekday' })}
            >
              <select
                aria-label={t('recurrenceMonthlyOnWeekday')}
                disabled={readOnly || state.monthlyBy !== 'nthWeekday'}
                id={fieldAt('ordinal')}
                onChange={(event) => change({ ordinal: Number(event.target.value) })}
                style={inputStyle}
                value={state.ordinal}
              >
                {ORDINALS.map((ordinal) => (
                  <option key={ordinal} value={ordinal}>
                    {t(ORDINAL_KEYS[ordinal])}
                  </option>
                ))}
              </select>
              <select
                aria-label={t('recurrenceOnDays')}
                disabled={readOnly || state.monthlyBy !== 'nthWeekday'}
                id={fieldAt('ordinal-weekday')}
                onChange={(event) => change({ ordinalWeekday: event.target.value as Weekday })}
                style={inputStyle}
                value={state.ordinalWeekday}
              >
                {WEEKDAYS.map((day) => (
                  <option key={day} value={day}>
                    {weekdayName(day, language, 'long')}
                  </option>
                ))}
              </select>
            </Choice>
          </fieldset>
        )}
        {errorAt('days')}

        {repeats && (
          <fieldset aria-describedby={describedBy('ending')} style={fieldsetStyle}>
            <legend style={legendStyle}>{t('recurrenceEnds')}</legend>
            {(['never', 'count', 'until'] as Ending[]).map((ending) => (
              <Choice
                checked={state.ending === ending}
                disabled={readOnly}
                id={fieldAt(`ends-${ending}`)}
                key={ending}
                label={t(
                  ending === 'never'
                    ? 'recurrenceEndsNever'
                    : ending === 'count'
                      ? 'recurrenceEndsAfter'
                      : 'recurrenceEndsOn',
                )}
                name={fieldAt('ends')}
                onChoose={() => change({ ending })}
              >
                {ending === 'count' && (
                  <>
                    <input
                      aria-label={t('recurrenceTimes', { count: state.count })}
                      disabled={readOnly || state.ending !== 'count'}
                      id={fieldAt('count')}
                      max={MAX_COUNT}
                      min={1}
                      onChange={(event) =>
                        change({ count: Math.max(1, Math.trunc(Number(event.target.value)) || 1) })
                      }
                      style={{ ...inputStyle, width: '6em' }}
                      type="number"
                      value={state.count}
                    />
                    <span>{t('recurrenceTimes', { count: state.count })}</span>
                  </>
                )}
                {ending === 'until' && (
                  <input
                    aria-label={t('recurrenceEndsOn')}
                    disabled={readOnly || state.ending !== 'until'}
                    id={fieldAt('until')}
                    onChange={(event) => change({ until: event.target.value })}
                    style={inputStyle}
                    type="date"
                    value={state.until}
                  />
                )}
              </Choice>
            ))}
          </fieldset>
        )}
        {errorAt('ending')}

        {preview?.summary && (
          <p
            aria-live="polite"
            className="recurrence-field__summary"
            style={{ fontWeight: 600, margin: 'var(--base) 0' }}
          >
            {preview.summary}
          </p>
        )}

        {preview && preview.dates.length > 0 && (
          <section aria-labelledby={fieldAt('preview-title')} className="recurrence-field__preview">
            <h4 id={fieldAt('preview-title')} style={{ margin: '0 0 calc(var(--base) / 4)' }}>
              {t('recurrencePreview')}
            </h4>
            <p style={{ color: 'var(--theme-elevation-500)', margin: '0 0 calc(var(--base) / 2)' }}>
              {t('recurrencePreviewHelp')}
            </p>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {preview.dates.map((date) => {
                const words = formatWall(date.start, allDay, language)
                return (
                  <li key={date.start} style={{ marginBottom: 4 }}>
                    <Button
                      aria-label={t(date.excluded ? 'recurrenceInclude' : 'recurrenceExclude', {
                        date: words,
                      })}
                      buttonStyle={date.excluded ? 'secondary' : 'pill'}
                      disabled={readOnly || date.first}
                      extraButtonProps={{ 'aria-pressed': date.excluded, 'data-date': date.start }}
                      margin={false}
                      onClick={() => toggleExcluded(date.start)}
                      size="small"
                    >
                      <span style={date.excluded ? { textDecoration: 'line-through' } : undefined}>
                        {words}
                      </span>
                      {date.excluded && ` (${t('recurrenceExcluded')})`}
                      {date.fromRdate && ` (${t('recurrenceExtraDate')})`}
                    </Button>
                  </li>
                )
              })}
            </ul>
          </section>
        )}
        {errorAt('exdates')}

        {(state.repeat !== 'none' || extra.length > 0) && series && (
          <DateList
            allDay={allDay}
            dates={extra}
            id={fieldAt('rdates')}
            language={language}
            onRemove={(value) => rdates.setValue(extra.filter((other) => other !== value))}
            readOnly={readOnly}
            title={t('recurrenceExtraDates')}
          >
            <div style={rowStyle}>
              <label htmlFor={fieldAt('new-rdate')}>{t('recurrenceNewDate')}</label>
              <input
                id={fieldAt('new-rdate')}
                onChange={(event) => setNewDate(event.target.value)}
                readOnly={readOnly}
                step={allDay ? undefined : 60}
                style={inputStyle}
                type={allDay ? 'date' : 'datetime-local'}
                value={newDate}
              />
              <Button
                buttonStyle="secondary"
                disabled={readOnly || !newDate}
                margin={false}
                onClick={addDate}
                size="small"
              >
                {t('recurrenceAddDate')}
              </Button>
            </div>
          </DateList>
        )}
        {errorAt('rdates')}

        {excluded.length > 0 && (
          <DateList
            allDay={allDay}
            dates={excluded}
            id={fieldAt('exdates')}
            language={language}
            onRemove={(value) => exdates.setValue(excluded.filter((other) => other !== value))}
            readOnly={readOnly}
            title={t('recurrenceExcludedDates')}
          />
        )}
      </div>
    </div>
  )
}

/** A radio choice, its label and the inputs that belong to it, on one line. */
function Choice(props: {
  checked: boolean
  children?: ReactNode
  disabled?: boolean
  id: string
  label: string
  name: string
  onChoose: () => void
}) {
  return (
    <div style={rowStyle}>
      <input
        checked={props.checked}
        disabled={props.disabled}
        id={props.id}
        name={props.name}
        onChange={props.onChoose}
        type="radio"
      />
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
    </div>
  )
}

/** A list of the series' extra or excluded dates, each removable. */
function DateList(props: {
  allDay: boolean
  children?: ReactNode
  dates: string[]
  id: string
  language: string
  onRemove: (value: string) => void
  readOnly?: boolean
  title: string
}) {
  const { t } = useCalendarTranslation()
  return (
    <section aria-labelledby={`${props.id}-title`} style={{ marginTop: 'var(--base)' }}>
      <h4 id={`${props.id}-title`} style={{ margin: '0 0 calc(var(--base) / 4)' }}>
        {props.title}
      </h4>
      <ul
        id={props.id}
        style={{ listStyle: 'none', margin: '0 0 calc(var(--base) / 2)', padding: 0 }}
      >
        {props.dates.map((value) => {
          const words = formatWall(value, props.allDay, props.language)
          return (
            <li
              key={value}
              style={{
                alignItems: 'center',
                display: 'flex',
                gap: 'calc(var(--base) / 2)',
                marginBottom: 4,
              }}
            >
              <span>{words}</span>
              <Button
                aria-label={t('recurrenceRemoveDate', { date: words })}
                buttonStyle="icon-label"
                disabled={props.readOnly}
                icon="x"
                margin={false}
                onClick={() => props.onRemove(value)}
                size="small"
              />
            </li>
          )
        })}
      </ul>
      {props.children}
    </section>
  )
}
