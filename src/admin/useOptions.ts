'use client'

import { useConfig } from '@payloadcms/ui'
import { stringify } from 'qs'
import { useEffect, useState } from 'react'

export type Option = { label: string; value: string }

/**
 * The items of a collection as choices for a filter, by their title field, in the content
 * language shown. Trashed items (which only posts have) are no use as one.
 */
export function useOptions(
  slug: string,
  titleField: string,
  hasStatus: boolean,
  locale?: string,
): Option[] {
  const { config } = useConfig()
  const [options, setOptions] = useState<Option[]>([])
  useEffect(() => {
    const query = stringify({
      depth: 0,
      limit: 500,
      locale,
      select: { [titleField]: true },
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
              value: String(doc.id),
            })),
          )
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [config.routes.api, config.serverURL, hasStatus, locale, slug, titleField])
  return options
}

/** The value a Payload SelectInput hands its onChange, as a plain string ('' for none). */
export function pickedValue(option: unknown): string {
  const chosen = Array.isArray(option) ? option[0] : option
  return chosen && typeof chosen === 'object' && 'value' in chosen
    ? String((chosen as Option).value)
    : ''
}
