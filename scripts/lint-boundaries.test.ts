import { spawnSync } from 'node:child_process'
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The process boundaries in biome.json (and its plugin's one rule), checked by breaking each one: fixture files that each break one rule
 * (and a few that break none) are laid out like the project in a temp folder next to a copy of biome.json, and
 * Biome lints them. Every breaking file must fail with its rule, every clean one pass.
 */
const root = join(import.meta.dirname, '..')
const biome = join(root, 'node_modules', '.bin', 'biome')

interface Fixture {
  path: string
  code: string
  /** The rule it breaks, or null for a file that must pass. */
  breaks: string | null
}

const fixtures: Fixture[] = [
  // shared/ and renderer/ run in the sandboxed renderer.
  {
    path: 'renderer/src/node.ts',
    code: "import { readFileSync } from 'node:fs'\nexport const f = readFileSync\n",
    breaks: 'lint/correctness/noNodejsModules',
  },
  {
    path: 'shared/node.ts',
    code: "import { join } from 'node:path'\nexport const f = join\n",
    breaks: 'lint/correctness/noNodejsModules',
  },
  {
    path: 'renderer/src/electron.ts',
    code: "import { ipcRenderer } from 'electron'\nexport const f = ipcRenderer\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'renderer/src/reaches-core.ts',
    code: "import { createCore } from '../../core/app/create-core.ts'\nexport const f = createCore\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'shared/reaches-web.ts',
    code: "import { startWebHost } from '../web/server.ts'\nexport const f = startWebHost\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'renderer/src/fine.ts',
    code: "import { contract } from '../../shared/ipc/contract.ts'\nexport const f = contract\n",
    breaks: null,
  },
  // shared/ is imported by every process, the renderer's included: it may not reach into renderer/ either.
  {
    path: 'shared/reaches-renderer.ts',
    code: "import { formatSize } from '../renderer/src/lib/format.ts'\nexport const f = formatSize\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'renderer/src/features/fine.ts',
    code: "import { formatSize } from '../../../renderer/src/lib/format.ts'\nexport const f = formatSize\n",
    breaks: null,
  },
  // Services are plain Node modules.
  {
    path: 'core/electron.ts',
    code: "import { app } from 'electron'\nexport const f = app\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'sandbox/electron.ts',
    code: "import { app } from 'electron'\nexport const f = app\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  // core serves every host and may not import one.
  {
    path: 'core/app/reaches-web.ts',
    code: "import { startWebHost } from '../../web/server.ts'\nexport const f = startWebHost\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'core/queue/reaches-cli.ts',
    code: "import { run } from '../../cli/main.ts'\nexport const f = run\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'core/reaches-electron.ts',
    code: "import { forwardEvents } from '../electron/shell/ipc-bridge.ts'\nexport const f = forwardEvents\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'core/format/reaches-renderer.ts',
    code: "import { formatSize } from '../../renderer/src/lib/format.ts'\nexport const f = formatSize\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'core/app/reaches-renderer.ts',
    code: "import { formatSize } from '../../renderer/src/lib/format.ts'\nexport const f = formatSize\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  // core/app composes the services; a service never imports it back (its tests and test helpers may).
  {
    path: 'core/watch/reaches-app.ts',
    code: "import { createCore } from '../app/create-core.ts'\nexport const f = createCore\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'core/queue/deep/reaches-app.ts',
    code: "import { UploadQueue } from '../../app/upload-queue.ts'\nexport const f = UploadQueue\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'core/watch/reaches-web.ts',
    code: "import { startWebHost } from '../../web/server.ts'\nexport const f = startWebHost\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'core/app/composes.ts',
    code: "import { WatchService } from '../watch/watch-service.ts'\nexport const f = WatchService\n",
    breaks: null,
  },
  {
    path: 'core/index/whole-core.test.ts',
    code: "import { coreWithAccount } from '../app/testing/core-with-account.ts'\nexport const f = coreWithAccount\n",
    breaks: null,
  },
  {
    path: 'core/watch/testing/whole-core.ts',
    code: "import { createCore } from '../../app/create-core.ts'\nexport const f = createCore\n",
    breaks: null,
  },
  {
    path: 'core/fine.ts',
    code: "import { readFile } from 'node:fs/promises'\nimport { contract } from '../shared/ipc/contract.ts'\nimport { startSandbox } from '../sandbox/server.ts'\nexport const f = [readFile, contract, startSandbox]\n",
    breaks: null,
  },
  // Raw IPC lives in two files.
  {
    path: 'electron/shell/window.ts',
    code: "import { ipcMain } from 'electron'\nexport const f = ipcMain\n",
    breaks: 'lint/style/noRestrictedImports',
  },
  {
    path: 'electron/shell/ipc-bridge.ts',
    code: "import { ipcMain } from 'electron'\nexport const f = ipcMain\n",
    breaks: null,
  },
  {
    path: 'electron/preload.ts',
    code: "import { contextBridge, ipcRenderer } from 'electron'\nexport const f = [contextBridge, ipcRenderer]\n",
    breaks: null,
  },
  // Node built-ins by their node: name.
  {
    path: 'cli/bare-builtin.ts',
    code: "import { readFile } from 'fs/promises'\nexport const f = readFile\n",
    breaks: 'lint/style/useNodejsImportProtocol',
  },
  // Private members are written one way: TypeScript's `private` (scripts/biome/no-hash-private.grit).
  {
    path: 'core/queue/hash-private.ts',
    code: 'export class Counter {\n  #n = 0\n  next(): number {\n    return ++this.#n\n  }\n}\n',
    breaks: 'plugin',
  },
  {
    path: 'renderer/src/hash-private-method.ts',
    code: 'export class Clock {\n  #now(): number {\n    return 1\n  }\n  read(): number {\n    return this.#now()\n  }\n}\n',
    breaks: 'plugin',
  },
  {
    path: 'core/queue/ts-private.ts',
    code: 'export class Counter {\n  private n = 0\n  next(): number {\n    return ++this.n\n  }\n}\n',
    breaks: null,
  },
]

interface Diagnostic {
  category: string
  location: { path: string }
}

let dir: string
let diagnostics: Diagnostic[]

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-lint-'))
  await cp(join(root, 'biome.json'), join(dir, 'biome.json'))
  await cp(join(root, 'scripts', 'biome'), join(dir, 'scripts', 'biome'), { recursive: true })
  for (const f of fixtures) {
    await mkdir(dirname(join(dir, f.path)), { recursive: true })
    await writeFile(join(dir, f.path), f.code)
  }
  // No git in the temp folder: the VCS integration (ignore files) is off for this run only.
  const run = spawnSync(
    biome,
    ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  )
  expect(run.stdout, run.stderr).toContain('"diagnostics"')
  diagnostics = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the lint boundaries in biome.json', () => {
  it.each(fixtures.map((f) => [f.path, f.breaks] as const))('%s → %s', (path, breaks) => {
    const found = diagnostics
      .filter((d) => d.location.path.replaceAll('\\', '/') === path)
      .map((d) => d.category)
    if (breaks === null) expect(found).toEqual([])
    else expect(found).toContain(breaks)
  })

  it('reports nothing but the broken rules (the fixtures are otherwise clean code)', () => {
    const expected = new Set(fixtures.flatMap((f) => (f.breaks === null ? [] : [f.breaks])))
    for (const d of diagnostics)
      expect(expected.has(d.category), `${d.location.path}: ${d.category}`).toBe(true)
  })
})
