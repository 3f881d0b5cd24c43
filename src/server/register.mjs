// Loads the TypeScript sources through tsx in this process, for `npm start`, the CLI and the
// test servers: `node --import ./src/server/register.mjs <entry.ts>`.
import module from 'node:module'
import { register } from 'tsx/esm/api'

register()

// Lexical's `node` entry points load their real code with a top-level await, and on Node 20 a
// graph of them sometimes never finishes loading: the process hangs, or exits with code 13,
// depending on timing and import order. The `production` condition resolves lexical and
// @lexical/* to their plain production builds instead, which have no top-level await.
const lexicalWithoutTopLevelAwait = `export async function resolve(specifier, context, next) {
  if (specifier !== 'lexical' && !specifier.startsWith('@lexical/')) return next(specifier, context)
  return next(specifier, { ...context, conditions: [...context.conditions, 'production'] })
}`
module.register(`data:text/javascript,${encodeURIComponent(lexicalWithoutTopLevelAwait)}`)
