/** Deeper selections than any real client sends; the admin and the calendar stay under 10. */
export const MAX_GRAPHQL_DEPTH = 32

/**
 * How deeply a GraphQL document nests its selections, arguments and lists (`{`, `(`, `[`), read in
 * one pass that skips strings, block strings and comments. graphql-js parses and validates by
 * recursion, so a document a thousand levels deep overflows the stack (a 400 whose message named
 * the overflow) after holding the server; this is asked before anything parses it.
 */
export function graphqlNesting(document: string): number {
  let depth = 0
  let deepest = 0
  for (let index = 0; index < document.length; index++) {
    const char = document[index]
    if (char === '#') {
      const end = document.indexOf('\n', index)
      index = end < 0 ? document.length : end
    } else if (char === '"') {
      index = stringEnd(document, index)
    } else if (char === '{' || char === '(' || char === '[') {
      depth++
      if (depth > deepest) deepest = depth
    } else if (char === '}' || char === ')' || char === ']') {
      depth = Math.max(0, depth - 1)
    }
  }
  return deepest
}

/** The index of the closing quote of the string (or block string) opening at `start`. */
function stringEnd(document: string, start: number): number {
  if (document.startsWith('"""', start)) {
    const end = document.indexOf('"""', start + 3)
    return end < 0 ? document.length : end + 2
  }
  for (let index = start + 1; index < document.length; index++) {
    const char = document[index]
    if (char === '\\') index++
    else if (char === '"' || char === '\n') return index
  }
  return document.length
}

/** The operations of a GraphQL body (one, or a batch of them): each `query` text with its `variables`. */
export function graphqlDocumentsOf(body: unknown): { query: string; variables: unknown }[] {
  const operations = Array.isArray(body) ? body : [body]
  return operations.flatMap((operation) => {
    const { query, variables } = (operation ?? {}) as { query?: unknown; variables?: unknown }
    return typeof query === 'string' ? [{ query, variables }] : []
  })
}
