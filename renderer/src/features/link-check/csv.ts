/**
 * One CSV field: quoted when it holds a separator, quote or line break. A field a spreadsheet would run as a
 * formula (=, +, -, @ first) gets a leading apostrophe: a pasted link list is not trusted input.
 */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** RFC 4180 text: a header row, then one row per record, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((r) => r.map(field).join(',')).join('\r\n')}\r\n`
}

/** Saves text as a file through the browser's download, which works in Electron and the browser host alike. */
export function downloadText(name: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  // The click starts the download synchronously; the object URL can go right after.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
