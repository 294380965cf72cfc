/**
 * What Quick Look shows for a file, by its name's extension (the spec gives file records no content type) and
 * its size. The page plays only what Chromium decodes itself; a file it cannot decode after all (a .mkv of an
 * unusual codec) says so when its element fails.
 *
 * HLS: the spec's direct_link (op 7) takes `key` and `file_code` only and answers one download URL; it shows no
 * `hls` parameter and no playlist. So video plays from that URL as a plain file (seeking by Range requests), and
 * no HLS player library is brought in for a stream no host of this spec is known to offer.
 */
export type PreviewKind = 'image' | 'video' | 'audio' | 'text' | 'pdf' | 'none'

const kinds: [RegExp, PreviewKind][] = [
  [/^(jpe?g|png|gif|webp|avif|bmp|svg|ico)$/, 'image'],
  [/^(mp4|m4v|webm|ogv|mov)$/, 'video'],
  [/^(mp3|m4a|aac|oga|ogg|opus|wav|flac)$/, 'audio'],
  [/^pdf$/, 'pdf'],
  [
    /^(txt|text|md|markdown|log|csv|tsv|json|xml|ya?ml|toml|ini|cfg|conf|nfo|srt|vtt|sub|diz|sh|bat|ps1|py|js|mjs|cjs|ts|tsx|jsx|css|scss|html?|c|h|cpp|hpp|cs|java|kt|go|rs|rb|php|pl|lua|sql|swift|r|tex)$/,
    'text',
  ],
]

/** Text files show their first bytes only: a 2 GB log is previewed, not read. */
export const TEXT_PREVIEW_BYTES = 256 * 1024
/** A PDF is read whole into memory before the viewer can show it: above this, it is not previewed. */
export const PDF_PREVIEW_MAX_BYTES = 24 * 1024 * 1024
/** A picture is decoded whole: above this (a 200-megapixel scan), only the host's thumbnail is shown. */
export const IMAGE_PREVIEW_MAX_BYTES = 64 * 1024 * 1024

export interface PreviewPlan {
  kind: PreviewKind
  /** The file is of a kind Quick Look shows, but too large to show whole (a picture still shows its thumbnail). */
  tooLarge: boolean
}

export function previewPlan(name: string, size: number): PreviewPlan {
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  const kind = kinds.find(([re]) => re.test(ext))?.[1] ?? 'none'
  const limit = kind === 'pdf' ? PDF_PREVIEW_MAX_BYTES : kind === 'image' ? IMAGE_PREVIEW_MAX_BYTES : Infinity
  return { kind, tooLarge: size > limit }
}
