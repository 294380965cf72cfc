/** A short label and colour per extension, so rows are recognisable at a glance without thumbnails. */
const families: [RegExp, string][] = [
  [/^(jpe?g|png|gif|webp|bmp|svg|heic|tiff?)$/, '#e0628a'],
  [/^(mp4|mkv|mov|avi|webm|m4v|wmv|flv)$/, '#8b5cf6'],
  [/^(mp3|flac|wav|ogg|m4a|aac|opus)$/, '#f0883e'],
  [/^(zip|rar|7z|tar|gz|bz2|xz|zst|iso)$/, '#b7791f'],
  [/^(pdf)$/, '#e5484d'],
  [/^(docx?|odt|rtf|txt|md)$/, '#3b6cf6'],
  [/^(xlsx?|ods|csv|tsv)$/, '#1f9d55'],
  [/^(pptx?|odp|key)$/, '#ea580c'],
  [/^(js|ts|tsx|jsx|json|html|css|py|rs|go|c|cpp|h|java|sh|ya?ml|toml|xml)$/, '#0ea5a4'],
  [/^(exe|msi|dmg|apk|deb|rpm|appimage)$/, '#64748b'],
]

export interface FileKind {
  label: string
  color: string
}

export function fileKind(name: string): FileKind {
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  if (!ext || ext.length > 6) return { label: 'FILE', color: '#8a94a6' }
  const family = families.find(([re]) => re.test(ext))
  return { label: ext.slice(0, 4).toUpperCase(), color: family?.[1] ?? '#8a94a6' }
}
