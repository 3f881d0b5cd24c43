import type { ASTVisitor, ValidationContext } from 'graphql'
import type { Config } from 'payload'

// Payload's own instance of graphql-js: an error from a second copy of the module is not
// recognised as a GraphQL error by Payload's handler (it would answer 500).
import { GraphQL } from '@payloadcms/graphql/types'

import { estimateDocuments } from './documentEstimate'

/**
 * The most documents one GraphQL operation may ask to read: ten pages of 100 events, each with its
 * venue, organizers and categories, is about 4,000; one such page about 400, well under it; the
 * admin and the calendar never come near it.
 */
export const MAX_GRAPHQL_DOCUMENTS = 1_000

/**
 * Payload's complexity rule counts fields, not documents: `a0: Events(limit: 100) … a9: Events(limit: 100)`
 * costs as much as ten fields, while it reads and populates thousands of documents in one request
 * and holds the server for seconds. This rule refuses, before anything runs, an operation whose
 * estimate (`./documentEstimate.ts`) exceeds `MAX_GRAPHQL_DOCUMENTS`. Added to whatever rules the
 * host's config already has.
 */
export function withGraphqlReadBudget(graphQL: Config['graphQL']): Config['graphQL'] {
  const incomingRules = graphQL?.validationRules
  return {
    ...graphQL,
    validationRules: (args) => [
      ...(incomingRules?.(args) ?? []),
      readBudgetRule(args.variableValues ?? {}),
    ],
  }
}

function readBudgetRule(variables: Record<string, unknown>) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const documents = estimateDocuments(context.getDocument(), operation, variables)
      if (documents <= MAX_GRAPHQL_DOCUMENTS) return
      context.reportError(
        new GraphQL.GraphQLError(
          `This query would read about ${Math.round(documents).toLocaleString('en')} documents; one request may read at most ${MAX_GRAPHQL_DOCUMENTS.toLocaleString('en')}. Ask for fewer lists, smaller pages or fewer related items at once.`,
          { nodes: [operation] },
        ),
      )
    },
  })
}
