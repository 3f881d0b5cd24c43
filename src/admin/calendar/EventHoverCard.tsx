'use client'

import { forwardRef, useImperativeHandle, useState } from 'react'

/** What the hover card says of an event. */
export type HoverCardContent = {
  colour: string
  status: string
  title: string
  venue?: string
  when: string
}

/**
 * The card shown while the pointer is on an event: its whole title (cut on the calendar), when
 * it is in the zone shown, its venue and its status. Placed under the event, in the window.
 */
export function EventHoverCard({
  content,
  rect,
}: {
  content: HoverCardContent
  rect: { bottom: number; left: number }
}) {
  return (
    <div
      className="event-calendar__hover-card"
      role="tooltip"
      style={{
        background: 'var(--theme-elevation-0)',
        border: '1px solid var(--theme-elevation-150)',
        borderLeft: `4px solid ${content.colour}`,
        borderRadius: 4,
        boxShadow: '0 4px 16px rgba(0, 0, 0, 0.15)',
        left: Math.max(
          8,
          Math.min(rect.left, (typeof window === 'undefined' ? 1024 : window.innerWidth) - 320),
        ),
        maxWidth: 300,
        padding: 'calc(var(--base) / 2)',
        pointerEvents: 'none',
        position: 'fixed',
        top: rect.bottom + 4,
        zIndex: 100,
      }}
    >
      <strong className="event-calendar__hover-title">{content.title}</strong>
      <div className="event-calendar__hover-when">{content.when}</div>
      {content.venue ? <div className="event-calendar__hover-venue">{content.venue}</div> : null}
      <div className="event-calendar__hover-status" style={{ color: 'var(--theme-elevation-600)' }}>
        {content.status}
      </div>
    </div>
  )
}

export type HoverCardHandle = {
  hide: () => void
  show: (content: HoverCardContent, rect: { bottom: number; left: number }) => void
}

/**
 * Where the hover card lives: its own state, so that showing it re-renders only the card and not
 * the calendar (a calendar re-rendered under the pointer loses the drag that is starting).
 */
export const HoverCardHost = forwardRef<HoverCardHandle>(function HoverCardHost(_, ref) {
  const [shown, setShown] = useState<null | {
    content: HoverCardContent
    rect: { bottom: number; left: number }
  }>(null)
  useImperativeHandle(
    ref,
    () => ({ hide: () => setShown(null), show: (content, rect) => setShown({ content, rect }) }),
    [],
  )
  return shown ? <EventHoverCard content={shown.content} rect={shown.rect} /> : null
})
