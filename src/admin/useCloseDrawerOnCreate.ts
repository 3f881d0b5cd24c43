'use client'

import { useDocumentDrawerContext, useDocumentInfo, useModal } from '@payloadcms/ui'
import { useEffect, useRef } from 'react'

/**
 * A "+" drawer (a venue, organizer, category or image created from the event form) closes once
 * its item is created: the field it was opened from has selected it, and the editor is back on
 * the event. Payload's drawers stay open on the saved item; editing an existing item in a drawer
 * still does.
 */
export function useCloseDrawerOnCreate(): void {
  const { drawerSlug } = useDocumentDrawerContext() as { drawerSlug?: string }
  const { closeModal } = useModal()
  const { id } = useDocumentInfo()
  const before = useRef(id)
  useEffect(() => {
    const wasNew = before.current === undefined || before.current === null
    if (drawerSlug && wasNew && id !== undefined && id !== null) closeModal(drawerSlug)
    before.current = id
  }, [closeModal, drawerSlug, id])
}
