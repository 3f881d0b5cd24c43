import { characterEntitiesHtml4 } from 'character-entities-html4'

/**
 * A text as the original writes it in JSON-LD (a `name`, a `description`): escaped for a script as
 * WordPress's `esc_js` does, so `<` is `&lt;`, `"` is `&quot;`, a straight quote is `\'`, a line
 * break the two characters `\n`; an entity is kept when it is a valid one, any other `&` escaped.
 * Checked against the original's own function (src/lib/jsonLdText.spec.ts).
 */
export function jsonLdText(text: string): string {
  const escaped = keepValidEntities(text)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/&#(?:x0*27|0*39);?/gi, "'")
  return stripSlashes(escaped)
    .replace(/\r/g, '')
    .replace(/[\\'"\0]/g, (character) => (character === '\0' ? '\\0' : `\\${character}`))
    .replace(/\n/g, '\\n')
}

/** Named entities kept: HTML 4's (so not `&apos;`). */
const ENTITY_NAMES = new Set(Object.keys(characterEntitiesHtml4))

/** Code points an entity may stand for (XML's characters). */
const isCharacter = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff)

/** Every `&` escaped but those of valid entities, which are written in a normal form (`&#39;` → `&#039;`). */
function keepValidEntities(text: string): string {
  return text.replace(
    /&(?:#(0*[1-9][0-9]{0,6});|#[Xx](0*[1-9A-Fa-f][0-9A-Fa-f]{0,5});|([A-Za-z]{2,8}[0-9]{0,2});)?/g,
    (whole, decimal?: string, hex?: string, name?: string) => {
      if (decimal)
        return isCharacter(Number(decimal))
          ? `&#${decimal.replace(/^0+/, '').padStart(3, '0')};`
          : `&amp;${whole.slice(1)}`
      if (hex)
        return isCharacter(parseInt(hex, 16))
          ? `&#x${hex.replace(/^0+/, '')};`
          : `&amp;${whole.slice(1)}`
      if (name) return ENTITY_NAMES.has(name) ? whole : `&amp;${name};`
      return '&amp;'
    },
  )
}

/** PHP's `stripslashes`: a backslash escapes the next character (`\\0` is a NUL). */
const stripSlashes = (text: string) =>
  text.replace(/\\(.?)/gs, (_, next: string) => (next === '0' ? '\0' : next))
