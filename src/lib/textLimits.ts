/**
 * The longest text each kind of field and argument takes, in characters (issue 25: every input is
 * bounded before any work is done on it). One table for every surface: the collections' fields
 * declare these as `maxLength` (Payload's REST, GraphQL and the admin refuse longer values) and the
 * compatibility API's arguments as theirs (`endpoints/argBounds.ts`, a 400 `rest_invalid_param`).
 *
 * Where WordPress has a column size, the bound is that size (a slug is `varchar(200)`, a post's
 * password `varchar(255)`); where it has `TEXT`/`LONGTEXT`, the bound is one no real item
 * reaches, well within the 1 MiB request body. docs/compatibility.md, "Bounds", lists them.
 */
export const TEXT_LIMITS = {
  /** An event's title, a venue's or an organizer's name (WordPress's `post_title` is `TEXT`). */
  title: 2000,
  /** A category's or a tag's name (`wp_terms.name` is `varchar(200)`). */
  termName: 200,
  /** A slug (`post_name` and `wp_terms.slug` are `varchar(200)`). */
  slug: 200,
  /** An excerpt, a category's or a tag's description. */
  excerpt: 20_000,
  /**
   * A description, as HTML or as the rich text's text. A long article is 30,000 to 60,000
   * characters of HTML; making one safe and rendering it costs the main thread some 2 ms per
   * thousand characters, so this also bounds what one write costs.
   */
  description: 100_000,
  /** One line of an address (street, city, ZIP, state, province, country), a phone number, a cost. */
  line: 1000,
  /** An address on the web (browsers and servers stop well before a few thousand characters). */
  url: 2048,
  /** An e-mail address (RFC 5321's longest path). */
  email: 254,
  /** A post's password (`post_password` is `varchar(255)`). */
  password: 255,
  /** A search: ten words are 100 characters; an events search of more than nine terms is read as one phrase. */
  search: 500,
  /** A date or time as strtotime reads it (`2026-11-26T10:00:00.000000+05:30`, `first monday of next month`). */
  date: 100,
  /** Any other argument of the compatibility API: a date, a search, an order, a status, a list's entry. */
  argument: 200,
  /** Levels of elements nested in a description or an excerpt (the editor nests a handful; browsers stop at 512). */
  htmlDepth: 256,
  /** Entries of one list argument (`categories`, `tags`, `venue`, `organizer`, `include`, `status`, …). */
  listItems: 100,
} as const
