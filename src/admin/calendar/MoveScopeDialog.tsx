'use client'

import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'

import type { MoveScope } from './calendarOccurrences'

import { useCalendarTranslation } from '../../i18n/useCalendarTranslation'

/** Asks which occurrences a drag moves; null when the editor cancels. */
export type MoveScopeHandle = { ask: (title: string) => Promise<MoveScope | null> }

type Pending = { resolve: (scope: MoveScope | null) => void; title: string }

const CHOICES: Array<
  [MoveScope, 'moveAllOccurrences' | 'moveThisAndFollowing' | 'moveThisOccurrence']
> = [
  ['this', 'moveThisOccurrence'],
  ['following', 'moveThisAndFollowing'],
  ['all', 'moveAllOccurrences'],
]

/**
 * The small dialog a drag or resize of a repeating event's occurrence opens: "This occurrence",
 * "This and following", "All occurrences", or Cancel (also Escape), as calendar apps ask it.
 */
export const MoveScopeDialog = forwardRef<MoveScopeHandle>(function MoveScopeDialog(_, ref) {
  const { t } = useCalendarTranslation()
  const [pending, setPending] = useState<null | Pending>(null)
  const first = useRef<HTMLButtonElement>(null)
  useImperativeHandle(ref, () => ({
    ask: (title) => new Promise((resolve) => setPending({ resolve, title })),
  }))
  const answer = (scope: MoveScope | null) => {
    pending?.resolve(scope)
    setPending(null)
  }
  useEffect(() => {
    if (!pending) return
    first.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') answer(null)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })
  if (!pending) return null
  return (
    <div className="event-calendar__scope-backdrop">
      <div
        aria-labelledby="event-calendar-scope-title"
        aria-modal="true"
        className="event-calendar__scope"
        role="dialog"
      >
        <h2 id="event-calendar-scope-title">{t('moveWhichTitle')}</h2>
        <p>{t('moveWhichQuestion', { title: pending.title })}</p>
        <div className="event-calendar__scope-choices">
          {CHOICES.map(([scope, label], index) => (
            <button
              className="event-calendar__scope-choice"
              data-scope={scope}
              key={scope}
              onClick={() => answer(scope)}
              ref={index === 0 ? first : undefined}
              type="button"
            >
              {t(label)}
            </button>
          ))}
          <button
            className="event-calendar__scope-cancel"
            onClick={() => answer(null)}
            type="button"
          >
            {t('moveCancel')}
          </button>
        </div>
      </div>
    </div>
  )
})

export const MOVE_SCOPE_STYLES = `
.event-calendar__scope-backdrop { position: fixed; inset: 0; z-index: 100; display: flex; align-items: center; justify-content: center; background: rgba(0, 0, 0, 0.35); }
.event-calendar__scope { background: var(--theme-elevation-0); border: 1px solid var(--theme-elevation-150); border-radius: 4px; box-shadow: 0 8px 32px rgba(0, 0, 0, 0.2); max-width: 420px; padding: var(--base); }
.event-calendar__scope h2 { font-size: 1.2em; margin: 0 0 calc(var(--base) / 2); }
.event-calendar__scope-choices { display: flex; flex-wrap: wrap; gap: calc(var(--base) / 2); margin-top: var(--base); }
.event-calendar__scope-choices button { cursor: pointer; border-radius: 3px; padding: 4px 12px; font: inherit; }
.event-calendar__scope-choice { background: var(--theme-elevation-800); border: 1px solid var(--theme-elevation-800); color: var(--theme-elevation-0); }
.event-calendar__scope-cancel { background: none; border: 1px solid var(--theme-elevation-250); color: var(--theme-text); }
`
