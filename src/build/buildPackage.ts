/**
 * Builds the plugin as a package, as Payload's official plugins are built: every source file the
 * package's entry points reach, compiled one to one by swc into `dist/` (ES modules, JSX for
 * React's automatic runtime, `'use client'` kept where a file has it), and its declarations by
 * tsc beside it. `npm run build:package` runs this; `npm pack` runs it first (`prepack`).
 *
 * The entry points are read from package.json's `exports`, so the list is kept in one place:
 * `./dist/src/exports/client.js` is built from `src/exports/client.ts`. The sources import each
 * other without file extensions (Next.js's Turbopack, which builds the app's admin, resolves
 * only that form); Node's ES modules need full paths, so swc's `resolveFully` writes them into
 * the JavaScript and `withFullPaths` below into the declarations.
 */
import { transformFile } from '@swc/core'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const OUT = path.join(ROOT, 'dist')

type ExportTarget = { default: string; types: string }

/** `./dist/src/exports/client.js` → the source it is built from, `src/exports/client.ts` (or `.tsx`, `.js`). */
async function sourceOf(target: string): Promise<string> {
  const base = path.join(ROOT, target.replace(/^\.\/dist\//, '').replace(/\.js$/, ''))
  for (const extension of ['.ts', '.tsx', '.js']) {
    if (
      await fs.access(base + extension).then(
        () => true,
        () => false,
      )
    )
      return base + extension
  }
  throw new Error(
    `package.json exports ${target}, but no source ${path.relative(ROOT, base)}.ts/.tsx/.js exists`,
  )
}

async function entryPoints(): Promise<string[]> {
  const manifest = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, ExportTarget>
  }
  return Promise.all(Object.values(manifest.exports).map((target) => sourceOf(target.default)))
}

/** Declarations of every file the entries reach; returns those files (the package's sources). */
function emitDeclarations(entries: string[]): string[] {
  const configFile = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT)
  const program = ts.createProgram(entries, {
    ...options,
    declaration: true,
    emitDeclarationOnly: true,
    incremental: false,
    noEmit: false,
    outDir: OUT,
    plugins: [],
    rootDir: ROOT,
    tsBuildInfoFile: undefined,
  })
  const result = program.emit()
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics]
  if (diagnostics.length) {
    const host = {
      getCanonicalFileName: (name: string) => name,
      getCurrentDirectory: () => ROOT,
      getNewLine: () => '\n',
    }
    throw new Error(`tsc:\n${ts.formatDiagnostics(diagnostics, host)}`)
  }
  return program
    .getSourceFiles()
    .map((file) => file.fileName)
    .filter(
      (file) =>
        !file.includes('/node_modules/') &&
        !file.endsWith('.d.ts') &&
        file.startsWith(ROOT + path.sep),
    )
}

/** Where a source's module goes: `src/admin/Field.tsx` → `dist/src/admin/Field.js`. */
const outputOf = (source: string) =>
  path.join(OUT, path.relative(ROOT, source).replace(/\.(tsx?|js)$/, '.js'))

async function compile(source: string): Promise<void> {
  const target = outputOf(source)
  const isTypeScript = /\.tsx?$/.test(source)
  const output = await transformFile(source, {
    jsc: {
      // Without a base, swc's resolver does not look at the files, and resolveFully adds nothing.
      baseUrl: ROOT,
      parser: isTypeScript
        ? { syntax: 'typescript', tsx: source.endsWith('.tsx') }
        : { syntax: 'ecmascript', jsx: false },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { outFileExtension: 'js', resolveFully: true, type: 'es6' },
    sourceFileName: path.relative(path.dirname(target), source),
    sourceMaps: true,
    swcrc: false,
  })
  await fs.mkdir(path.dirname(target), { recursive: true })
  await fs.writeFile(target, `${output.code}\n//# sourceMappingURL=${path.basename(target)}.map\n`)
  if (output.map) await fs.writeFile(`${target}.map`, output.map)
}

/** A declaration's relative imports with the `.js` (or `/index.js`) that Node's resolution needs. */
async function withFullPaths(declaration: string): Promise<void> {
  const text = await fs.readFile(declaration, 'utf8')
  const directory = path.dirname(declaration)
  const exists = (file: string) =>
    fs.access(file).then(
      () => true,
      () => false,
    )
  const specifiers = [
    ...new Set(
      [...text.matchAll(/(?:from |import\()'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!),
    ),
  ]
  let rewritten = text
  for (const specifier of specifiers) {
    if (specifier.endsWith('.js')) continue
    const full = (await exists(path.join(directory, `${specifier}.d.ts`)))
      ? `${specifier}.js`
      : (await exists(path.join(directory, specifier, 'index.d.ts')))
        ? `${specifier}/index.js`
        : null
    if (!full) throw new Error(`${path.relative(ROOT, declaration)}: cannot resolve '${specifier}'`)
    rewritten = rewritten.replaceAll(`'${specifier}'`, `'${full}'`)
  }
  if (rewritten !== text) await fs.writeFile(declaration, rewritten)
}

/**
 * Node's ES modules resolve `pkg/sub` only through the package's `exports`, or to the exact file
 * when it has none: `next/navigation` fails in Node where bundlers find `next/navigation.js`.
 * Returns the built modules' imports that Node could not resolve that way.
 */
async function unresolvableDeepImports(modules: string[]): Promise<string[]> {
  const problems: string[] = []
  const exists = (file: string) =>
    fs.access(file).then(
      () => true,
      () => false,
    )
  for (const module of modules) {
    const code = await fs.readFile(module, 'utf8')
    for (const [, specifier] of code.matchAll(
      /(?:from |import\()["']((?:@[^/"']+\/)?[^./"'][^/"']*\/[^"']+)["']/g,
    )) {
      const [scope, name, ...rest] = specifier!.split('/')
      const packageName = scope!.startsWith('@') ? `${scope}/${name}` : scope!
      const subpath = (scope!.startsWith('@') ? rest : [name, ...rest]).join('/')
      const manifest = path.join(ROOT, 'node_modules', packageName, 'package.json')
      if (!(await exists(manifest))) continue
      const { exports } = JSON.parse(await fs.readFile(manifest, 'utf8')) as { exports?: unknown }
      if (
        exports === undefined &&
        !(await exists(path.join(ROOT, 'node_modules', packageName, subpath)))
      ) {
        problems.push(`${path.relative(OUT, module)}: '${specifier}' (write '${specifier}.js')`)
      }
    }
  }
  return problems
}

async function declarationsIn(directory: string): Promise<string[]> {
  const entries = await fs.readdir(directory, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

export async function buildPackage(log: (message: string) => void = console.log): Promise<void> {
  const started = Date.now()
  await fs.rm(OUT, { force: true, recursive: true })
  const entries = await entryPoints()
  const sources = emitDeclarations(entries)
  await Promise.all(sources.map(compile))
  const unresolvable = await unresolvableDeepImports(sources.map(outputOf))
  if (unresolvable.length)
    throw new Error(`imports Node cannot resolve in the package:\n${unresolvable.join('\n')}`)
  for (const declaration of await declarationsIn(OUT)) await withFullPaths(declaration)
  log(
    `dist/: ${sources.length} modules and their declarations from ${entries.length} entry points, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildPackage().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
