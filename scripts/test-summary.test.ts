import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'

const script = join(import.meta.dirname, 'test-summary.mjs')
const dir = mkdtempSync(join(tmpdir(), 'filedock-summary-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const vitestReport = (failed: boolean) => ({
  numPassedTests: 2,
  numFailedTests: failed ? 1 : 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [
    {
      name: '/repo/core/a.test.ts',
      status: failed ? 'failed' : 'passed',
      assertionResults: [
        { fullName: 'adds', status: 'passed', failureMessages: [] },
        ...(failed
          ? [
              {
                fullName: 'sums',
                status: 'failed',
                failureMessages: ['AssertionError: expected 3 to be 4\n    at a.test.ts:9'],
              },
            ]
          : []),
      ],
    },
  ],
})

const playwrightReport = (failed: boolean) => ({
  stats: { expected: failed ? 1 : 2, unexpected: failed ? 1 : 0, flaky: 0, skipped: 0 },
  suites: [
    {
      specs: [
        { file: 'a.spec.ts', line: 3, title: 'opens', tests: [{ results: [{ status: 'passed' }] }] },
        {
          file: 'b.spec.ts',
          line: 7,
          title: 'lists files',
          tests: [
            {
              results: [
                {
                  status: failed ? 'failed' : 'passed',
                  error: {
                    message: '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\nLocator: grid',
                  },
                  stderr: [{ text: 'host log (tail):\nSecret Service: no reply\n' }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
})

function summarise(name: string, vitest: unknown, playwright: unknown) {
  const paths = [join(dir, `${name}-vitest.json`), join(dir, `${name}-playwright.json`)]
  if (vitest !== null) writeFileSync(paths[0] as string, JSON.stringify(vitest))
  if (playwright !== null) writeFileSync(paths[1] as string, JSON.stringify(playwright))
  const run = spawnSync(process.execPath, [script, ...paths], { encoding: 'utf8' })
  return { status: run.status, lines: run.stdout.trim().split('\n') }
}

it('a green run is one closing line and exit 0', () => {
  const { status, lines } = summarise('green', vitestReport(false), playwrightReport(false))
  expect(lines).toEqual(['4 passed, 0 failed'])
  expect(status).toBe(0)
})

it('a red run ends with each failure, the start of its error without colour codes, what it logged, the machine, and the count', () => {
  const { status, lines } = summarise('red', vitestReport(true), playwrightReport(true))
  expect(status).toBe(1)
  const text = lines.join('\n')
  expect(lines[0]).toBe('== first 2 of 2 failures')
  expect(text).toContain('/repo/core/a.test.ts › sums\n    AssertionError: expected 3 to be 4')
  expect(text).toContain(
    'b.spec.ts:7 › lists files\n    Error: expect(locator).toBeVisible() failed\n    Locator: grid',
  )
  expect(text).toContain('stderr (tail):\n      host log (tail):\n      Secret Service: no reply')
  expect(text).not.toContain('\u001b[')
  expect(lines.at(-2)).toMatch(
    /^ {2}machine: load .* memory free \d+ MiB of \d+ MiB · disk free \d+ MiB here/,
  )
  expect(lines.at(-1)).toBe('3 passed, 2 failed')
})

it('a report a runner never wrote fails the run and says which', () => {
  const { status, lines } = summarise('missing', vitestReport(false), null)
  expect(status).toBe(1)
  expect(lines[0]).toBe(`(no report at ${join(dir, 'missing-playwright.json')})`)
  expect(lines.at(-1)).toBe('2 passed, 0 failed')
})
