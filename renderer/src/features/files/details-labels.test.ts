import { describe, expect, it } from 'vitest'
import { folderPathLabel, publicLabel } from './details-labels.ts'

describe('details panel labels', () => {
  it('names a folder from the account root, as the location column does', () => {
    expect(folderPathLabel('')).toBe('My files')
    expect(folderPathLabel('Documents/Invoices')).toBe('My files/Documents/Invoices')
  })

  it('reads public 1 and 0, and shows any other value as the host sent it rather than guess', () => {
    expect(publicLabel(1)).toBe('Yes')
    expect(publicLabel(0)).toBe('No')
    expect(publicLabel(2)).toBe('Host value 2')
  })
})
