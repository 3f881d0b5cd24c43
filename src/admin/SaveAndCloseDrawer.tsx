'use client'

import { SaveButton } from '@payloadcms/ui'

import { useCloseDrawerOnCreate } from './useCloseDrawerOnCreate'

/** Payload's Save, for collections without a workflow, in a "+" drawer closing it once the item is created. */
export function SaveAndCloseDrawer() {
  useCloseDrawerOnCreate()
  return <SaveButton />
}
