'use client'

import type { RelationshipFieldClientProps } from 'payload'

import { RelationshipField, useConfig, useField, useLocale } from '@payloadcms/ui'
import { stringify } from 'qs'
import { useEffect, useMemo, useState } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { buildCategoryTree, type CategoryNode, matchingTree } from './categoryTree'
import { useFieldLabel } from './useFieldLabel'

type Id = number | string

/**
 * The event's categories as The Events Calendar's category box shows them: every category in a
 * tree (Jazz under Music), each with its checkbox, and a search that keeps the parents of what it
 * finds. It edits the same relationship value as Payload's select above it (kept for its "add
 * new" drawer and its list of what is chosen), so both always agree, and the field saves as any
 * relationship field does: a list of category ids.
 */
export function CategoryTreeField(props: RelationshipFieldClientProps) {
  const { field, path, readOnly } = props
  const relationTo = typeof field.relationTo === 'string' ? field.relationTo : undefined
  const { setValue, value } = useField<Id[] | null>({ path })
  const chosen = useMemo(() => new Set(idsOf(value).map(String)), [value])
  const categories = useCategories(relationTo, chosen)
  const [search, setSearch] = useState('')
  const { t } = useCalendarTranslation()
  const tree = useMemo(
    () => matchingTree(buildCategoryTree(categories), search),
    [categories, search],
  )
  // The label in the editor's language, not the first visitor's (`useFieldLabel`).
  const label = useFieldLabel(field)

  const toggle = (id: Id) => {
    const current = idsOf(value)
    const next = current.some((item) => String(item) === String(id))
      ? current.filter((item) => String(item) !== String(id))
      : [...current, id]
    setValue(next)
  }

  return (
    <div className="category-tree-field">
      <RelationshipField {...props} field={{ ...field, label }} />
      {relationTo ? (
        <fieldset
          className="category-tree"
          disabled={readOnly}
          style={{
            border: '1px solid var(--theme-elevation-150)',
            borderRadius: 'var(--style-radius-s)',
            margin: '0 0 var(--spacing-field, var(--base))',
            padding: 'calc(var(--base) / 2)',
          }}
        >
          <legend
            className="category-tree__legend"
            style={{ fontSize: '0.85rem', padding: '0 4px' }}
          >
            {t('categoryTree')}
          </legend>
          <input
            aria-label={t('categorySearch')}
            className="category-tree__search"
            style={{
              marginBottom: 'calc(var(--base) / 3)',
              maxWidth: '20rem',
              padding: '4px 8px',
              width: '100%',
            }}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('categorySearch')}
            type="search"
            value={search}
          />
          {tree.length === 0 ? (
            <p className="category-tree__empty">{search ? t('categoryNoMatch') : null}</p>
          ) : (
            <Branch chosen={chosen} depth={0} nodes={tree} onToggle={toggle} />
          )}
        </fieldset>
      ) : null}
    </div>
  )
}

function Branch({
  chosen,
  depth,
  nodes,
  onToggle,
}: {
  chosen: Set<string>
  depth: number
  nodes: CategoryNode[]
  onToggle: (id: Id) => void
}) {
  return (
    <ul
      className="category-tree__branch"
      role={depth === 0 ? 'tree' : 'group'}
      style={{
        listStyle: 'none',
        margin: 0,
        maxHeight: depth === 0 ? '16rem' : undefined,
        overflowY: depth === 0 ? 'auto' : undefined,
        paddingLeft: depth === 0 ? 0 : '1.5rem',
      }}
    >
      {nodes.map((node) => (
        <li
          className="category-tree__item"
          data-depth={depth}
          key={node.id}
          role="treeitem"
          aria-selected={chosen.has(String(node.id))}
        >
          <label
            className="category-tree__label"
            style={{ alignItems: 'center', display: 'inline-flex', gap: 6 }}
          >
            <input
              checked={chosen.has(String(node.id))}
              onChange={() => onToggle(node.id)}
              type="checkbox"
            />
            <span>{node.name}</span>
          </label>
          {node.children.length > 0 ? (
            <Branch chosen={chosen} depth={depth + 1} nodes={node.children} onToggle={onToggle} />
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** A relationship value as plain ids (Payload may hold `{ relationTo, value }` or populated items). */
function idsOf(value: unknown): Id[] {
  const items = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]
  return items
    .map((item) =>
      item && typeof item === 'object'
        ? ((item as { value?: Id }).value ?? (item as { id?: Id }).id)
        : item,
    )
    .filter((item): item is Id => typeof item === 'number' || typeof item === 'string')
}

/**
 * Every category the editor may read, with its parent, in the content language shown (the
 * default language's name when it has none there); read again when a category is chosen that
 * the list does not know yet (one just made in the "add new" drawer).
 */
function useCategories(relationTo: string | undefined, chosen: Set<string>) {
  const { config } = useConfig()
  const locale = useLocale()
  const [categories, setCategories] = useState<{ id: Id; name: string; parent: Id | null }[]>([])
  const unknown = [...chosen].some(
    (id) => !categories.some((category) => String(category.id) === id),
  )
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    if (unknown && categories.length > 0) setGeneration((n) => n + 1)
    // Only a newly chosen unknown category asks again; the first read is below.
  }, [unknown]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!relationTo) return
    let live = true
    const query = stringify(
      {
        depth: 0,
        limit: 0,
        locale: locale?.code,
        pagination: false,
        select: { name: true, parent: true },
        sort: 'name',
      },
      { addQueryPrefix: true },
    )
    fetch(`${config.serverURL}${config.routes.api}/${relationTo}${query}`, {
      credentials: 'include',
    })
      .then((response) => (response.ok ? response.json() : { docs: [] }))
      .then((body: { docs: { id: Id; name?: string; parent?: Id | null | { id: Id } }[] }) => {
        if (!live) return
        setCategories(
          body.docs.map((doc) => ({
            id: doc.id,
            name: doc.name || String(doc.id),
            parent:
              doc.parent && typeof doc.parent === 'object' ? doc.parent.id : (doc.parent ?? null),
          })),
        )
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [config.routes.api, config.serverURL, generation, locale?.code, relationTo])
  return categories
}
