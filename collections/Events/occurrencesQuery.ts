import type { GraphQLExtension } from 'payload'

import { readOccurrencesPage } from './endpoints/occurrences'

/**
 * GraphQL's `EventOccurrences(event, from, to, limit, page)`: a series' occurrences in a window,
 * with the rules and shape of Payload's REST route (`readOccurrencesPage`): the series read as the
 * caller first, cancelled occurrences only for those who edit events, at most 100 a page. An
 * override is given as its JSON text.
 */
export const occurrencesQuery =
  (collection: string, clock: () => Date): GraphQLExtension =>
  (GraphQL) => {
    const {
      GraphQLBoolean,
      GraphQLInt,
      GraphQLList,
      GraphQLNonNull,
      GraphQLObjectType,
      GraphQLString,
    } = GraphQL
    const occurrence = new GraphQLObjectType({
      name: 'EventOccurrence',
      fields: {
        id: { type: new GraphQLNonNull(GraphQLInt) },
        event: { type: new GraphQLNonNull(GraphQLInt) },
        originalStart: { type: GraphQLString },
        startLocal: { type: GraphQLString },
        endLocal: { type: GraphQLString },
        startUtc: { type: GraphQLString },
        endUtc: { type: GraphQLString },
        status: { type: GraphQLString },
        sequence: { type: GraphQLInt },
        fromRdate: { type: GraphQLBoolean },
        override: {
          type: GraphQLString,
          resolve: (row: { override?: unknown }) =>
            row.override === null || row.override === undefined
              ? null
              : JSON.stringify(row.override),
        },
      },
    })
    const page = new GraphQLObjectType({
      name: 'EventOccurrences',
      fields: {
        docs: { type: new GraphQLList(new GraphQLNonNull(occurrence)) },
        totalDocs: { type: GraphQLInt },
        limit: { type: GraphQLInt },
        page: { type: GraphQLInt },
        totalPages: { type: GraphQLInt },
        hasPrevPage: { type: GraphQLBoolean },
        hasNextPage: { type: GraphQLBoolean },
        prevPage: { type: GraphQLInt },
        nextPage: { type: GraphQLInt },
      },
    })
    return {
      EventOccurrences: {
        type: page,
        args: {
          event: { type: new GraphQLNonNull(GraphQLInt) },
          from: { type: GraphQLString },
          to: { type: GraphQLString },
          limit: { type: GraphQLInt },
          page: { type: GraphQLInt },
        },
        resolve: (
          _root: unknown,
          args: { event: number; from?: string; limit?: number; page?: number; to?: string },
          context: { req: Parameters<typeof readOccurrencesPage>[0] },
        ) =>
          readOccurrencesPage(context.req, collection, clock, {
            from: args.from ?? undefined,
            id: args.event,
            limit: args.limit ?? undefined,
            page: args.page ?? undefined,
            to: args.to ?? undefined,
          }),
      },
    }
  }
