import { text, type LocalizedText } from '../../endpoints/i18n'
import { stripTags } from '../lib/tagSpans'
import { texturize } from '../lib/texturize'

/** The feeds' own words, in the languages of the API (`endpoints/i18n.ts`); English is the fallback. */
export const FEED_TEXTS = {
  calendarName: text('Events', { fr: 'Événements', es: 'Eventos' }),
  calendarDescription: text('Events for', { fr: 'Événements de', es: 'Eventos de' }),
  // The Events Calendar's own wording for a protected event's description in its feeds.
  contentProtected: text('Content is protected.', {
    fr: 'Le contenu est protégé.',
    es: 'El contenido está protegido.',
  }),
  notFound: text('No such event.', {
    fr: 'Cet événement n’existe pas.',
    es: 'Este evento no existe.',
  }),
} satisfies Record<string, LocalizedText>

export const inLanguage = (localized: LocalizedText, language: string): string =>
  localized[language] ?? localized.en

/** Control characters RFC 5545 allows in no value (TSAFE-CHAR, QSAFE-CHAR): C0 but tab and line ends, and DEL. */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** A TEXT value's characters (ical-generator escapes the rest: backslash, `;`, `,`, line ends): control characters go. */
export const textValue = (value: string): string => value.replace(CONTROLS, '')

/**
 * A quoted parameter value (RFC 5545 §3.1, `quoted-string`): it cannot hold DQUOTE, and nothing
 * escapes one there (a backslash is a character like any other), so a double quote becomes a
 * single one; line ends and other control characters become spaces.
 */
export const quotedParameter = (value: string): string =>
  `"${value.replace(/"/g, "'").replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ' ')}"`

/**
 * The API's texts are HTML (WordPress escapes and typesets on output, `&#8217;`); a calendar's are
 * plain, as The Events Calendar decodes them.
 */
export function decodeEntities(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#\d+|#x[\da-f]+);/gi, (whole, name: string) => {
    if (name[0] !== '#')
      return (
        ({ amp: '&', lt: '<', gt: '>', quot: '"' } as Record<string, string>)[name.toLowerCase()] ??
        whole
      )
    const code =
      name[1] === 'x' || name[1] === 'X'
        ? Number.parseInt(name.slice(2), 16)
        : Number(name.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

/**
 * An event's SUMMARY: its title as the API's JSON shows it (typographic quotes, apostrophes and
 * dashes, `texturize`) as plain text, tags left out and entities decoded, so that a calendar shows
 * the same title as a site built on the API (docs/compatibility.md, "Calendar feeds").
 */
export const summaryText = (title: string): string =>
  textValue(decodeEntities(stripTags(texturize(title))))
