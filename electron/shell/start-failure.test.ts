import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNTS_FILE, loadSettings } from '../../core/accounts/settings-file.ts'
import { englishIntl, intlFor } from '../../core/i18n/main-intl.ts'
import { startFailure } from './start-failure.ts'

let dataDir: string

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'filedock-start-failure-'))
})

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('startFailure', () => {
  it('says in the person’s language that Filedock could not start, and why, the path as it is', async () => {
    // The accounts file's name taken by a folder: the account store cannot open, so neither can the core.
    await mkdir(join(dataDir, ACCOUNTS_FILE))
    const error = await loadSettings(dataDir).then(
      () => expect.fail('a folder was read as the accounts file'),
      (e: unknown) => e,
    )
    const path = join(dataDir, ACCOUNTS_FILE)
    expect(startFailure(error, englishIntl)).toEqual({
      title: 'Filedock could not start',
      detail: `Could not read the accounts file ${path}.`,
    })
    expect(startFailure(error, await intlFor('es'))).toEqual({
      title: 'Filedock no pudo iniciarse',
      detail: `No se pudo leer el archivo de cuentas ${path}.`,
    })
    // A failure that is not Filedock's own keeps its words.
    expect(startFailure(new Error('EACCES: permission denied'), await intlFor('ar')).detail).toBe(
      'EACCES: permission denied',
    )
  })
})
