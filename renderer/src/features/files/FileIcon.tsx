import { fileKind } from '../../lib/file-kind.ts'

/** A file's kind badge ("PDF" on red): recognisable at a glance where there is no thumbnail; the name's own letters. */
export function FileIcon({ name }: { name: string }) {
  const kind = fileKind(name)
  return (
    <span className="file-icon" style={{ background: kind.color }} aria-hidden="true" translate="no">
      {kind.label}
    </span>
  )
}
