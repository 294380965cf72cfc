/** How the details panel words what the host sends. */

/** "My files/Documents/Invoices", as the location column says it. */
export function folderPathLabel(path: string): string {
  return path === '' ? 'My files' : `My files/${path}`
}

/**
 * The spec shows only public = 1; what other values mean is not shown. 0 is read as "not public" (the usual
 * meaning in this host family); anything else is shown as the host sent it rather than guessed at.
 */
export function publicLabel(value: number): string {
  if (value === 1) return 'Yes'
  if (value === 0) return 'No'
  return `Host value ${value}`
}
