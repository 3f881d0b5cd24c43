'use client'

import { useConfig } from '@payloadcms/ui'
import { stringify } from 'qs'
import { useEffect, useState } from 'react'

/** A choice; `parent` is the id of the item's parent, for a collection that has one (categories). */
export type Option = { label: string; parent?: null | string; value: string }

/**
 * The items of a collection as choices for a filter, by their title field, in the content
 * language shown, each with its parent's id when `parentField` names one. Trashed items (which
 * only posts have) are no use as one.
 */
export function useOptions(
  slug: string,
  titleField: string,
  hasStatus: boolean,
  locale?: string,
  parentField?: string,
): Option[] {
  const { config } = useConfig()
  const [options, setOptions] = useState<Option[]>([])
  useEffect(() => {
    const query = stringify({
      depth: 0,
      limit: 500,
      locale,
      select: { [titleField]: true, ...(parentField ? { [parentField]: true } : {}) },
      sort: titleField,
      where: hasStatus ? { status: { not_equals: 'trash' } } : undefined,
    })
    let live = true
    fetch(`${config.serverURL}${config.routes.api}/${slug}?${query}`, { credentials: 'include' })
      .then((response) => (response.ok ? response.json() : { docs: [] }))
      .then((body: { docs: Array<Record<string, unknown>> }) => {
        if (live)
          setOptions(
            body.docs.map((doc) => ({
              label: String(doc[titleField] ?? doc.id),
              ...(parentField ? { parent: idOf(doc[parentField]) } : {}),
              value: String(doc.id),
            })),
          )
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [config.routes.api, config.serverURL, hasStatus, locale, parentField, slug, titleField])
  return options
}

/** A relation's id at depth 0 (or a populated one's), null for none. */
function idOf(value: unknown): null | string {
  if (value === null || value === undefined || value === '') return null
  return typeof value === 'object' && 'id' in value ? String(value.id) : String(value)
}

/** The value a Payload SelectInput hands its onChange, as a plain string ('' for none). */
export function pickedValue(option: unknown): string {
  const chosen = Array.isArray(option) ? option[0] : option
  return chosen && typeof chosen === 'object' && 'value' in chosen
    ? String((chosen as Option).value)
    : ''
}
