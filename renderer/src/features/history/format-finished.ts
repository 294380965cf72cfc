/** History times are ISO with a zone, so unlike the host's timestamps they can be shown in local time. */
export function formatFinished(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

/** A link check's time (epoch ms), short: it sits in a narrow column beside the file. */
export function formatChecked(at: number): string {
  return new Date(at).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })
}
