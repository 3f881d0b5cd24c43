/**
 * A stored document read field by field. Payload's generated document interfaces
 * (`payload-types.ts`) have no index signature, and the serializers and controllers of the
 * compatibility API serve several collections through one code path that reads fields by name,
 * so they take documents in this shape.
 */
export type PlainDoc = Record<string, unknown>

export const plainDoc = (doc: object): PlainDoc => doc as PlainDoc

export const plainDocs = (docs: readonly object[]): PlainDoc[] => docs as PlainDoc[]
