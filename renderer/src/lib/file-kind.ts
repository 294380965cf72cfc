/**
 * A short label and colour per extension, so rows are recognisable at a glance without thumbnails. Each colour
 * is dark enough for the badge's white label to read (WCAG AA, 4.5:1; file-kind.test.ts).
 */
const families: [RegExp, string][] = [
  [/^(jpe?g|png|gif|webp|bmp|svg|heic|tiff?)$/, '#d73367'],
  [/^(mp4|mkv|mov|avi|webm|m4v|wmv|flv)$/, '#8452f5'],
  [/^(mp3|flac|wav|ogg|m4a|aac|opus)$/, '#bc570f'],
  [/^(zip|rar|7z|tar|gz|bz2|xz|zst|iso)$/, '#9f691b'],
  [/^(pdf)$/, '#e1292f'],
  [/^(docx?|odt|rtf|txt|md)$/, '#3b6cf6'],
  [/^(xlsx?|ods|csv|tsv)$/, '#1a8648'],
  [/^(pptx?|odp|key)$/, '#ca4c0a'],
  [/^(js|ts|tsx|jsx|json|html|css|py|rs|go|c|cpp|h|java|sh|ya?ml|toml|xml)$/, '#0b8281'],
  [/^(exe|msi|dmg|apk|deb|rpm|appimage)$/, '#64748b'],
]

export interface FileKind {
  /**
   * The extension's own letters ("PDF"); null for a name without one (or too long to be one): the badge then
   * shows a plain page, which reads the same in every language, rather than a word.
   */
  label: string | null
  color: string
}

export function fileKind(name: string): FileKind {
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  if (!ext || ext.length > 6) return { label: null, color: '#69758a' }
  const family = families.find(([re]) => re.test(ext))
  return { label: ext.slice(0, 4).toUpperCase(), color: family?.[1] ?? '#69758a' }
}
