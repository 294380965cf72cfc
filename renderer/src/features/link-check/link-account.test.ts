import { describe, expect, it } from 'vitest'
import type { AccountView } from '../../../../shared/accounts.ts'
import { accountFor, currentLinkOf } from './link-account.ts'

function account(over: Partial<AccountView>): AccountView {
  return {
    id: 'a',
    label: 'A',
    baseUrl: 'https://api.host.example',
    email: '',
    maskedKey: '••••',
    active: false,
    offline: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    needsKey: false,
    keyProblem: null,
    proxy: { mode: 'system', url: null, withCredentials: false },
    linkBase: null,
    linkBaseByHand: false,
    formerLinkBases: [],
    requestsPerSec: null,
    ...over,
  }
}

describe('the account a pasted link belongs to (issue 19: links follow the account)', () => {
  const moved = account({
    id: 'moved',
    linkBase: 'https://host.cloud',
    formerLinkBases: ['https://host.com', 'https://api.host.example'],
  })
  const other = account({ id: 'other', baseUrl: 'https://elsewhere.example' })

  it("finds it by the account's link base, and by a domain its links moved away from", () => {
    expect(accountFor('https://host.cloud/abcdefghijkl', [other, moved])?.id).toBe('moved')
    expect(accountFor('https://host.com/abcdefghijkl/a.zip.html', [other, moved])?.id).toBe('moved')
    expect(accountFor('https://api.host.example/abcdefghijkl', [other, moved])?.id).toBe('moved')
  })

  it('leaves a link of no known domain foreign, and prefers the longest match', () => {
    expect(accountFor('https://unknown.example/abcdefghijkl', [other, moved])).toBeNull()
    const under = account({ id: 'under', baseUrl: 'https://host.com/files' })
    expect(accountFor('https://host.com/files/abcdefghijkl', [moved, under])?.id).toBe('under')
  })

  it("puts a link on a former domain on the account's current one, and leaves the others", () => {
    const move = currentLinkOf([other, moved])
    expect(move('https://host.com/abcdefghijkl/a.zip.html')).toBe(
      'https://host.cloud/abcdefghijkl/a.zip.html',
    )
    expect(move('https://api.host.example/abcdefghijkl')).toBe('https://host.cloud/abcdefghijkl')
    expect(move('https://host.cloud/abcdefghijkl')).toBe('https://host.cloud/abcdefghijkl')
    expect(move('https://elsewhere.example/abcdefghijkl')).toBe('https://elsewhere.example/abcdefghijkl')
  })
})
