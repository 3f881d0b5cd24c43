// `npm test`: the lint (`npm run lint`: ESLint, then Prettier's check) beside the test tiers
// (`vitest run`, with the arguments given) rather than before them, and failing the run when
// either fails. The lint runs on one core at the lowest priority, so it takes the time the tiers
// leave idle (their system and browser files wait on the processes they start) rather than
// theirs. Its output is printed when it ends: at once when it fails, otherwise after the tests.
import { spawn } from 'node:child_process'

/** `nice` where there is one: set before the lint's processes start, so all their threads have it. */
const lowest = process.platform === 'win32' ? [] : ['nice', '-n', '19']
const [command, ...args] = [...lowest, 'npm', 'run', '--silent', 'lint']

const lint = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
let lintOutput = ''
lint.stdout.on('data', (chunk) => (lintOutput += chunk))
lint.stderr.on('data', (chunk) => (lintOutput += chunk))
const linted = new Promise((resolve) => {
  lint.once('error', (error) => resolve({ code: 1, output: `${error.message}\n` }))
  lint.once('close', (code) => resolve({ code: code ?? 1, output: lintOutput }))
})
// A failed lint says so at once, while the tests go on.
void linted.then(({ code, output }) => {
  if (code !== 0) process.stderr.write(`\nnpm run lint failed:\n${output}\n`)
})

const vitest = spawn('vitest', ['run', ...process.argv.slice(2)], { stdio: 'inherit' })
const tested = await new Promise((resolve) => {
  vitest.once('error', (error) => {
    process.stderr.write(`vitest did not start: ${error.message}\n`)
    resolve(1)
  })
  vitest.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
})

const { code: lintCode, output } = await linted
if (lintCode === 0)
  process.stdout.write(`\nnpm run lint passed${output.trim() ? `:\n${output}` : ''}\n`)
else process.stderr.write('\nnpm run lint failed (its output is above)\n')
process.exit(tested !== 0 ? tested : lintCode)
