/**
 * A colour for each category, the same on every visit and for every editor: picked from a
 * palette by the category's id, so a category keeps its colour when others are added.
 * Colours that read with white text on them, in light and dark themes.
 */
const PALETTE = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#bcbd22',
  '#ff7f0e',
  '#7f7f7f',
  '#393b79',
  '#637939',
]

/** An event without a category. */
export const NO_CATEGORY_COLOUR = '#4a6a5a'

export function colourOfCategory(id: number | string): string {
  const n =
    typeof id === 'number' ? id : [...String(id)].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7)
  return PALETTE[Math.abs(n) % PALETTE.length]!
}
