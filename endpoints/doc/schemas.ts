/**
 * The `components.schemas` of the original's `/doc` (TEC 6.17.2), transcribed from its captured
 * response (`test/fixtures/001-doc.json`): the shapes of the objects the API returns. They are
 * data, kept exactly as the original publishes them, quirks included: the `currency_position `
 * key of CostDetails ends with a space, DateDetails declares integers although the API sends
 * zero-padded strings, and a few `$ref`s carry a sibling `type`/`description` (OpenAPI 3.0
 * ignores siblings of `$ref`). The descriptions are not translated: this is the original's
 * reference text, the same under every language root.
 */

/** The subset of an OpenAPI 3.0 Schema Object these definitions use. */
export type SchemaObject = {
  $ref?: string
  description?: string
  enum?: string[]
  format?: string
  items?: SchemaObject
  properties?: Record<string, SchemaObject>
  title?: string
  type?: string
}

/** In the original's order: ImageSize, CostDetails, Term, Image, DateDetails, Event, Venue, Organizer. */
export const COMPONENT_SCHEMAS: Record<string, SchemaObject> = {
  ImageSize: {
    type: 'object',
    properties: {
      width: { type: 'integer', description: 'The image width in pixels in the specified size' },
      height: { type: 'integer', description: 'The image height in pixels in the specified size' },
      'mime-type': { type: 'string', description: 'The image mime-type' },
      url: {
        type: 'string',
        format: 'uri',
        description: 'The link to the image in the specified size on the site',
      },
    },
  },
  CostDetails: {
    type: 'object',
    properties: {
      currency_symbol: { type: 'string', description: 'The cost currency symbol' },
      'currency_position ': {
        type: 'string',
        description: 'The position of the currency symbol in the cost string',
        enum: ['prefix', 'postfix'],
      },
      values: {
        type: 'array',
        items: { type: 'integer' },
        description: 'A sorted array of all the numeric values for the cost',
      },
    },
  },
  Term: {
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The WordPress term ID' },
      name: { type: 'string', description: 'The term name' },
      slug: { type: 'string', description: 'The term slug' },
      taxonomy: { type: 'string', description: 'The taxonomy the term belongs to' },
      description: { type: 'string', description: 'The term description' },
      parent: { type: 'integer', description: 'The term parent term if any' },
      count: { type: 'integer', description: 'The number of posts associated with the term' },
      url: { type: 'string', description: 'The URL to the term archive page' },
      urls: {
        type: 'array',
        items: { type: 'string' },
        description: 'A list of links to the term own, archive and parent REST URL',
      },
    },
  },
  Image: {
    type: 'object',
    properties: {
      url: {
        type: 'string',
        format: 'uri',
        description: 'The URL to the full size version of the image',
      },
      id: { type: 'integer', description: 'The image WordPress post ID' },
      extension: { type: 'string', description: 'The image file extension' },
      width: { type: 'integer', description: 'The image natural width in pixels' },
      height: { type: 'integer', description: 'The image natural height in pixels' },
      sizes: {
        type: 'array',
        description: 'The details about each size available for the image',
        items: { $ref: '#/components/schemas/ImageSize' },
      },
    },
  },
  DateDetails: {
    type: 'object',
    properties: {
      year: { type: 'integer', description: 'The date year' },
      month: { type: 'integer', description: 'The date month' },
      day: { type: 'integer', description: 'The date day' },
      hour: { type: 'integer', description: 'The date hour' },
      minutes: { type: 'integer', description: 'The date minutes' },
      seconds: { type: 'integer', description: 'The date seconds' },
    },
  },
  Event: {
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The event WordPress post ID' },
      global_id: {
        type: 'string',
        description: 'The event ID used to globally identify in Event Aggregator',
      },
      global_id_lineage: {
        type: 'array',
        items: { type: 'string' },
        description:
          'An Array containing the lineage of where this event comes from, this should not change after the event is created.',
      },
      author: { type: 'integer', description: 'The event author WordPress post ID' },
      date: { type: 'string', description: 'The event creation date in the site time zone' },
      date_utc: { type: 'string', description: 'The event creation date in UTC time' },
      modified: {
        type: 'string',
        description: 'The event last modification date in the site time zone',
      },
      modified_utc: { type: 'string', description: 'The event last modification date in UTC time' },
      status: { type: 'string', description: 'The event status' },
      url: { type: 'string', description: 'The URL to the event page' },
      rest_url: { type: 'string', description: 'The TEC REST API link to fetch this event' },
      title: { type: 'string', description: 'The event name' },
      description: { type: 'string', description: 'The event long description' },
      excerpt: { type: 'string', description: 'The event short description' },
      slug: { type: 'string', description: 'The event slug' },
      image: {
        type: 'object',
        description: 'The event featured image details if set',
        $ref: '#/components/schemas/Image',
      },
      all_day: { type: 'boolean', description: 'Whether or not this event is an all day Event' },
      start_date: {
        type: 'string',
        description: 'The event start date in the event or site time zone',
      },
      start_date_details: {
        type: 'array',
        description: 'An array of each component of the event start date',
        items: { $ref: '#/components/schemas/DateDetails' },
      },
      end_date: {
        type: 'string',
        description: 'The event end date in the event or site time zone',
      },
      end_date_details: {
        type: 'array',
        description: 'An array of each component of the event end date',
        items: { $ref: '#/components/schemas/DateDetails' },
      },
      utc_start_date: { type: 'string', description: 'The event start date in UTC time' },
      utc_start_date_details: {
        type: 'array',
        description: 'An array of each component of the event start date in UTC time',
        items: { $ref: '#/components/schemas/DateDetails' },
      },
      utc_end_date: { type: 'string', description: 'The event end date in UTC time' },
      utc_end_date_details: {
        type: 'array',
        description: 'An array of each component of the event end date in UTC time',
        items: { $ref: '#/components/schemas/DateDetails' },
      },
      timezone: { type: 'string', description: 'The event time zone string' },
      timezone_abbr: { type: 'string', description: 'The abbreviated event time zone string' },
      cost: { type: 'string', description: 'The event cost including the currency symbol' },
      cost_details: {
        type: 'array',
        description: 'The event cost details',
        items: { $ref: '#/components/schemas/CostDetails' },
      },
      website: { type: 'string', description: 'The event website URL' },
      show_map: {
        type: 'boolean',
        description: 'Whether the map should be shown for the event or not',
      },
      show_map_link: {
        type: 'boolean',
        description: 'Whether the map link should be shown for the event or not',
      },
      hide_from_listings: {
        type: 'boolean',
        description: 'Whether an event should be hidden from the calendar view or not',
      },
      sticky: {
        type: 'boolean',
        description: 'Whether an event is sticky in the calendar view or not',
      },
      featured: {
        type: 'boolean',
        description: 'Whether the event is featured in the calendar or not',
      },
      categories: {
        type: 'array',
        description: 'The event categories',
        items: { $ref: '#/components/schemas/Term' },
      },
      tags: {
        type: 'array',
        description: 'The event tags',
        items: { $ref: '#/components/schemas/Term' },
      },
      venue: { type: 'object', description: 'The event venue', $ref: '#/components/schemas/Venue' },
      organizer: {
        type: 'array',
        description: 'The event organizers',
        items: { $ref: '#/components/schemas/Organizer' },
      },
    },
  },
  Venue: {
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The venue WordPress post ID' },
      global_id: {
        type: 'string',
        description: 'The venue ID used to globally identify in Event Aggregator',
      },
      global_id_lineage: {
        type: 'array',
        items: { type: 'string' },
        description:
          'An Array containing the lineage of where this organizer comes from, this should not change after the organizer is created.',
      },
      author: { type: 'integer', description: 'The venue author WordPress post ID' },
      date: { type: 'string', description: 'The venue creation date in the site time zone' },
      date_utc: { type: 'string', description: 'The venue creation date in UTC time' },
      modified: {
        type: 'string',
        description: 'The venue last modification date in the site time zone',
      },
      modified_utc: { type: 'string', description: 'The venue last modification date in UTC time' },
      status: { type: 'string', description: 'The venue status' },
      url: { type: 'string', description: 'The URL to the venue page' },
      venue: { type: 'string', description: 'The venue name' },
      description: { type: 'string', description: 'The venue long description' },
      excerpt: { type: 'string', description: 'The venue short description' },
      slug: { type: 'string', description: 'The venue slug' },
      image: {
        type: 'string',
        description: 'The event featured image details if set',
        $ref: '#/components/schemas/Image',
      },
      show_map: {
        type: 'boolean',
        description: 'Whether the map should be shown for the venue or not',
      },
      show_map_link: {
        type: 'boolean',
        description: 'Whether the map link should be shown for the venue or not',
      },
      address: { type: 'string', description: 'The venue address' },
      city: { type: 'string', description: 'The venue city' },
      country: { type: 'string', description: 'The venue country' },
      province: { type: 'string', description: 'The venue province' },
      state: { type: 'string', description: 'The venue state' },
      zip: { type: 'string', description: 'The venue ZIP code' },
      phone: { type: 'string', description: 'The venue phone number' },
      website: { type: 'string', description: 'The venue website URL' },
      stateprovince: { type: 'string', description: 'The venue state or province' },
      geo_lat: { type: 'number', format: 'double', description: 'The venue geo latitude' },
      geo_lng: { type: 'number', format: 'double', description: 'The venue geo longitude' },
    },
  },
  Organizer: {
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The organizer WordPress post ID' },
      global_id: {
        type: 'string',
        description: 'The organizer ID used to globally identify in Event Aggregator',
      },
      global_id_lineage: {
        type: 'array',
        items: { type: 'string' },
        description:
          'An Array containing the lineage of where this organizer comes from, this should not change after the organizer is created.',
      },
      author: { type: 'integer', description: 'The organizer author WordPress post ID' },
      date: { type: 'string', description: 'The organizer creation date in the site time zone' },
      date_utc: { type: 'string', description: 'The organizer creation date in UTC time' },
      modified: {
        type: 'string',
        description: 'The organizer last modification date in the site time zone',
      },
      modified_utc: {
        type: 'string',
        description: 'The organizer last modification date in UTC time',
      },
      status: { type: 'string', description: 'The organizer status' },
      url: { type: 'string', description: 'The URL to the organizer page' },
      organizer: { type: 'string', description: 'The organizer name' },
      description: { type: 'string', description: 'The organizer long description' },
      excerpt: { type: 'string', description: 'The organizer short description' },
      slug: { type: 'string', description: 'The organizer slug' },
      image: {
        type: 'string',
        description: 'The event featured image details if set',
        $ref: '#/components/schemas/Image',
      },
      phone: { type: 'string', description: 'The organizer phone number' },
      website: { type: 'string', description: 'The organizer website' },
      email: { type: 'string', description: 'The organizer email address' },
    },
  },
}
