import { createHash } from 'node:crypto'

/*
 * The classes the original adds at render time to blocks with layout support, and to blocks laid
 * out inside a flex or grid parent (WordPress's layout block support, as the original's site
 * renders it with its default theme, Twenty Twenty-Five: gap support on, root padding-aware
 * alignments on, a root gap of 1.2rem). Facts recorded from the original in
 * test/fixtures/oracle-rules/block-layout.json.
 *
 * A block with layout support gets, in this order: `has-global-padding` when constrained,
 * `is-<orientation>`, `is-content-justification-<value>` and `is-nowrap` when its layout names
 * them, the layout's class (`is-layout-flow`, `-constrained`, `-flex`, `-grid`), a container class
 * when its layout has styles of its own (`wp-container-core-group-is-layout-<hash>`), and
 * `wp-block-<name>-<layout class>`. The container class is named by the first eight hex digits of
 * the MD5 of the layout's values as PHP writes them in JSON, so that the same layout gets the
 * same name on every page.
 */

type Attrs = Record<string, unknown>

/** The core blocks with layout support that are written out in the post (not rendered by server code), with the layout they take when they name none and the gap the theme gives them. */
const LAYOUT_BLOCKS: Record<string, { fallback: Attrs; gap: string }> = {
  'core/accordion': { fallback: {}, gap: '1.2rem' },
  'core/accordion-item': { fallback: {}, gap: '1.2rem' },
  'core/accordion-panel': { fallback: {}, gap: '1.2rem' },
  'core/buttons': { fallback: { type: 'flex' }, gap: '16px' },
  'core/column': { fallback: {}, gap: '1.2rem' },
  'core/columns': {
    fallback: { type: 'flex', flexWrap: 'nowrap' },
    gap: 'var(--wp--preset--spacing--50)',
  },
  'core/cover': { fallback: {}, gap: '1.2rem' },
  'core/details': { fallback: {}, gap: '1.2rem' },
  'core/group': { fallback: {}, gap: '1.2rem' },
  'core/quote': { fallback: {}, gap: 'var(--wp--preset--spacing--30)' },
  'core/social-links': { fallback: { type: 'flex' }, gap: '1.2rem' },
}

const LAYOUT_CLASSES: Record<string, string> = {
  default: 'is-layout-flow',
  constrained: 'is-layout-constrained',
  flex: 'is-layout-flex',
  grid: 'is-layout-grid',
}

const isObject = (value: unknown): value is Attrs =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value)

/** PHP's truthiness of a decoded JSON value (`"0"`, `""`, `0`, `[]` and `{}` are false). */
function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0
  if (isObject(value)) return Object.keys(value).length > 0
  return Boolean(value) && value !== '0'
}

/** A key of a decoded JSON object, read as PHP reads `$array['key'] ?? null` (a string or number has no keys). */
const keyOf = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined)

/** A value as a class name part (`sanitize_title` of the plain words layouts use: `space-between`, `vertical`). */
function classPart(value: unknown): string {
  const text =
    value === true
      ? '1'
      : typeof value === 'string' || typeof value === 'number'
        ? String(value)
        : ''
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** A value in JSON as PHP's `json_encode` writes it: `/` and characters outside ASCII escaped, an empty or numbered object as a list. */
export function phpJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string')
    return JSON.stringify(value)
      .replace(/\//g, '\\/')
      .replace(
        /[\u007f-\uffff]/g,
        (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
      )
  if (typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(phpJson).join(',')}]`
  const entries = Object.entries(value)
  if (entries.every(([key], index) => key === String(index)))
    return `[${entries.map(([, item]) => phpJson(item)).join(',')}]`
  return `{${entries.map(([key, item]) => `${phpJson(key)}:${phpJson(item)}`).join(',')}}`
}

/** A class named after values, the same for the same values (`wp_unique_id_from_values`). */
const classFromValues = (values: unknown, prefix: string) =>
  prefix + createHash('md5').update(phpJson(values)).digest('hex').slice(0, 8)

/** A gap that could break out of its CSS rule is not used. */
function safeGap(gap: unknown): unknown {
  const safe = (value: unknown) =>
    truthy(value) && /[\\(&=}]|\/\*/.test(String(value)) ? null : value
  if (isObject(gap))
    return Object.fromEntries(Object.entries(gap).map(([side, value]) => [side, safe(value)]))
  return gap === undefined ? null : safe(gap)
}

/** Whether the layout has CSS of its own, beyond its type's: what earns it a container class. */
function hasOwnStyles(layout: unknown, gap: unknown, spacing: unknown): boolean {
  const type = keyOf(layout, 'type') ?? 'default'
  const topGap = isObject(gap) ? (gap.top ?? null) : gap
  if (type === 'default') return topGap !== null
  if (type === 'constrained') {
    const padding = keyOf(spacing, 'padding')
    const justify = keyOf(layout, 'justifyContent')
    return (
      truthy(keyOf(layout, 'contentSize') ?? '') ||
      truthy(keyOf(layout, 'wideSize') ?? '') ||
      truthy(keyOf(padding, 'left')) ||
      truthy(keyOf(padding, 'right')) ||
      justify === 'left' ||
      justify === 'right' ||
      topGap !== null
    )
  }
  if (type === 'flex') {
    if (keyOf(layout, 'flexWrap') === 'nowrap' || gap !== null) return true
    if ((keyOf(layout, 'orientation') ?? 'horizontal') !== 'horizontal') return true
    const justify = keyOf(layout, 'justifyContent')
    const align = keyOf(layout, 'verticalAlignment')
    return (
      ['left', 'right', 'center', 'space-between'].includes(justify as string) ||
      ['top', 'center', 'bottom', 'stretch'].includes(align as string)
    )
  }
  return type === 'grid'
}

/** The classes a block with layout support gets, in the original's order; `null` for a block without it. */
export function layoutClasses(name: string, attrs: Attrs): null | string[] {
  const support = LAYOUT_BLOCKS[name]
  if (!support) return null
  const given = attrs.layout ?? null
  let used: unknown = given ?? support.fallback
  // A layout of the older form (`inherit`, or a content width alone) is constrained.
  if (isObject(used) && (truthy(used.inherit) || truthy(used.contentSize)))
    used = { ...used, type: 'constrained' }
  const type = keyOf(used, 'type')
  const classes: string[] = []
  if (type === 'constrained') classes.push('has-global-padding')
  if (truthy(keyOf(given, 'orientation')))
    classes.push(`is-${classPart(keyOf(given, 'orientation'))}`)
  if (truthy(keyOf(given, 'justifyContent')))
    classes.push(`is-content-justification-${classPart(keyOf(given, 'justifyContent'))}`)
  if (keyOf(given, 'flexWrap') === 'nowrap') classes.push('is-nowrap')
  const layoutClass =
    type === undefined || type === null
      ? LAYOUT_CLASSES.default
      : typeof type === 'string' && Object.hasOwn(LAYOUT_CLASSES, type)
        ? LAYOUT_CLASSES[type]!
        : ''
  if (layoutClass) classes.push(layoutClass)
  const spacing = keyOf(attrs.style, 'spacing') ?? null
  const gap = safeGap(keyOf(spacing, 'blockGap'))
  if (hasOwnStyles(used, gap, spacing)) {
    const prefix = `wp-container-${classPart(name.replace('/', '-'))}-is-layout-`
    classes.push(classFromValues([used, true, gap, false, support.gap, spacing], prefix))
  }
  const short = name.startsWith('core/') ? name.slice('core/'.length) : name.replace('/', '-')
  classes.push(`wp-block-${short}-${layoutClass}`)
  return classes
}

const CHILD_KEYS = ['selfStretch', 'flexSize', 'columnStart', 'columnSpan', 'rowStart', 'rowSpan']
const PARENT_KEYS = ['minimumColumnWidth', 'columnCount']

/** Only the keys named, in the object's own order (`array_intersect_key`). */
const picked = (value: unknown, keys: string[]) =>
  isObject(value)
    ? Object.fromEntries(Object.entries(value).filter(([key]) => keys.includes(key)))
    : {}

/**
 * The class of a block that sizes itself inside a flex or grid parent (`style.layout`: fill,
 * a fixed width, a span of columns or rows), named after its values and its parent's grid;
 * `null` when it sets none of them.
 */
export function childLayoutClass(attrs: Attrs, parentLayout: unknown): null | string {
  const child = keyOf(attrs.style, 'layout')
  if (!truthy(child)) return null
  const stretch = keyOf(child, 'selfStretch')
  const styled =
    (stretch === 'fixed' && keyOf(child, 'flexSize') != null) ||
    stretch === 'fill' ||
    keyOf(child, 'columnSpan') != null ||
    keyOf(child, 'rowSpan') != null
  if (!styled) return null
  return classFromValues(
    { layout: picked(child, CHILD_KEYS), parentLayout: picked(parentLayout, PARENT_KEYS) },
    'wp-container-content-',
  )
}
