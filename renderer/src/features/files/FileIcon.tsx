import { Icon } from '../../components/Icon.tsx'
import { fileKind } from '../../lib/file-kind.ts'

/**
 * A file's kind badge ("PDF" on red): recognisable at a glance where there is no thumbnail; the name's own letters
 * (never translated), or a plain page for a name without an extension.
 */
export function FileIcon({ name }: { name: string }) {
  const kind = fileKind(name)
  return (
    <span className="file-icon" style={{ background: kind.color }} aria-hidden="true" translate="no">
      {kind.label ?? <Icon name="file" size={14} />}
    </span>
  )
}
