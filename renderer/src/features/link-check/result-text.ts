import type { LinkResult } from './check-links.ts'

/** The Found column in words, as the table shows it and the CSV exports it. */
export function resultText(result: LinkResult): string {
  switch (result.state) {
    case 'waiting':
      return 'Checking…'
    case 'found':
      return 'Found'
    case 'missing':
      return 'Not found'
    case 'invalid':
      return 'Not a valid link'
    case 'foreign':
      return 'None of your accounts is on this host'
    case 'error':
      return `Not checked: ${result.message}`
  }
}
