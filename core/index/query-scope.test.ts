import { describe, expect, it } from 'vitest'
import type { FiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { accountOf, type ScopeContext } from './query-scope.ts'

const scope = (active: string | null, ids: string[]): ScopeContext => ({
  accountIds: () => ids,
  activeId: () => active,
  key: (id) => ids.indexOf(id),
})

const refusal = (run: () => unknown): FiledockError => {
  try {
    run()
  } catch (error) {
    return error as FiledockError
  }
  return expect.fail('the account was accepted')
}

describe('accountOf', () => {
  it('takes the account named, else the active one', () => {
    expect(accountOf('b', scope('a', ['a', 'b']))).toBe('b')
    expect(accountOf(undefined, scope('a', ['a', 'b']))).toBe('a')
  })

  it('refuses an account removed meanwhile, and a call with none active, in the reader’s language', async () => {
    const gone = refusal(() => accountOf('removed', scope('a', ['a'])))
    expect(gone).toMatchObject({ kind: 'not_found', message: 'That account does not exist (any more).' })
    expect(errorText(await intlFor('pt-BR'), gone)).toBe('Essa conta não existe (ou não existe mais).')
    const none = refusal(() => accountOf(undefined, scope(null, [])))
    expect(none.message).toBe('No account is active. Add an account first.')
    expect(errorText(await intlFor('ar'), none)).toBe('لا يوجد حساب نشط. أضف حسابًا أولًا.')
  })
})
