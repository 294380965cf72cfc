/**
 * Content types by file extension, as a file server's mime.types gives them (nginx's own list, the common part);
 * anything else is `application/octet-stream`, nginx's usual `default_type` on download hosts.
 */
const types: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  txt: 'text/plain',
  csv: 'text/csv',
  xml: 'text/xml',
  js: 'application/javascript',
  json: 'application/json',
  pdf: 'application/pdf',
  zip: 'application/zip',
  rar: 'application/x-rar-compressed',
  '7z': 'application/x-7z-compressed',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  iso: 'application/octet-stream',
  exe: 'application/octet-stream',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/x-ms-bmp',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  m4a: 'audio/x-m4a',
  flac: 'audio/flac',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
}

export const defaultType = 'application/octet-stream'

/** The content type of a file name's extension (case-insensitive), or the default. */
export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return (dot > 0 && types[name.slice(dot + 1).toLowerCase()]) || defaultType
}
