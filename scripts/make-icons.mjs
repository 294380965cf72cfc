#!/usr/bin/env node
// Filedock's icons, drawn from one set of shapes (an upward arrow into a tray, white on a blue rounded square):
// build/icon.svg, the PNG sizes every target wants (build/icon.png for macOS and Windows sources, build/icons/ for
// Linux), build/icon.icns, build/icon.ico, and the tray images (electron/shell/tray-icon.ts: full colour for the
// Windows notification area and Linux panels; a black template for the macOS menu bar, which tints it). The PNGs
// come from this file's own rasteriser (4×4 to 8×8 samples a pixel), so no image tool is needed and the output
// is the same on every machine: scripts/icons.test.ts regenerates them and compares.
//
//   node scripts/make-icons.mjs [--out DIR]   (default: the checkout; the test writes to a temp folder)
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { crc32, deflateSync } from 'node:zlib'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The drawing, in a 1024-unit square. */
const BLUE_TOP = [59, 130, 246]
const BLUE_BOTTOM = [29, 78, 216]
const BACKGROUND = { x: 64, y: 64, w: 896, h: 896, r: 200 }
const GLYPH = [
  {
    kind: 'poly',
    points: [
      [512, 214],
      [282, 474],
      [742, 474],
    ],
  },
  { kind: 'rect', x: 440, y: 460, w: 144, h: 246 },
  { kind: 'rect', x: 252, y: 768, w: 520, h: 70, r: 35 },
  { kind: 'rect', x: 252, y: 640, w: 70, h: 198, r: 35 },
  { kind: 'rect', x: 702, y: 640, w: 70, h: 198, r: 35 },
]
/** The glyph's own box, for the tray template (no background: the menu bar draws the glyph alone). */
const GLYPH_BOX = { x: 232, y: 194, w: 560, h: 664 }

function inRect(s, x, y) {
  if (x < s.x || x > s.x + s.w || y < s.y || y > s.y + s.h) return false
  const r = s.r ?? 0
  if (r === 0) return true
  const cx = Math.min(Math.max(x, s.x + r), s.x + s.w - r)
  const cy = Math.min(Math.max(y, s.y + r), s.y + s.h - r)
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}

function inPoly(points, x, y) {
  let inside = false
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]
    const [xj, yj] = points[j]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

const inGlyph = (x, y) => GLYPH.some((s) => (s.kind === 'poly' ? inPoly(s.points, x, y) : inRect(s, x, y)))

/** RGBA pixels of the icon at `size`; `template`: the glyph alone, black, fitted to the square. */
function render(size, template = false) {
  const samples = size <= 64 ? 8 : 4
  const out = Buffer.alloc(size * size * 4)
  const scale = template ? Math.max(GLYPH_BOX.w, GLYPH_BOX.h) / size : 1024 / size
  const ox = template ? GLYPH_BOX.x - (Math.max(GLYPH_BOX.w, GLYPH_BOX.h) - GLYPH_BOX.w) / 2 : 0
  const oy = template ? GLYPH_BOX.y - (Math.max(GLYPH_BOX.w, GLYPH_BOX.h) - GLYPH_BOX.h) / 2 : 0
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ox + (px + (sx + 0.5) / samples) * scale
          const y = oy + (py + (sy + 0.5) / samples) * scale
          if (template) {
            if (inGlyph(x, y)) a++
            continue
          }
          if (!inRect(BACKGROUND, x, y)) continue
          a++
          if (inGlyph(x, y)) {
            r += 255
            g += 255
            b += 255
          } else {
            const t = (y - BACKGROUND.y) / BACKGROUND.h
            r += BLUE_TOP[0] + (BLUE_BOTTOM[0] - BLUE_TOP[0]) * t
            g += BLUE_TOP[1] + (BLUE_BOTTOM[1] - BLUE_TOP[1]) * t
            b += BLUE_TOP[2] + (BLUE_BOTTOM[2] - BLUE_TOP[2]) * t
          }
        }
      }
      const i = (py * size + px) * 4
      out[i] = a === 0 ? 0 : Math.round(r / a)
      out[i + 1] = a === 0 ? 0 : Math.round(g / a)
      out[i + 2] = a === 0 ? 0 : Math.round(b / a)
      out[i + 3] = Math.round((255 * a) / (samples * samples))
    }
  }
  return out
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** An 8-bit RGBA PNG (no ancillary chunks: the same bytes every run). */
export function encodePng(size, rgba) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const rows = []
  for (let y = 0; y < size; y++) rows.push(Buffer.from([0]), rgba.subarray(y * size * 4, (y + 1) * size * 4))
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Windows .ico holding PNGs (Windows Vista and later read them), 256 written as 0 as the format says. */
function encodeIco(pngs) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(pngs.length, 4)
  let offset = 6 + 16 * pngs.length
  const entries = pngs.map(({ size, data }) => {
    const e = Buffer.alloc(16)
    e[0] = size >= 256 ? 0 : size
    e[1] = size >= 256 ? 0 : size
    e.writeUInt16LE(1, 4)
    e.writeUInt16LE(32, 6)
    e.writeUInt32LE(data.length, 8)
    e.writeUInt32LE(offset, 12)
    offset += data.length
    return e
  })
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.data)])
}

/** macOS .icns with PNG entries; each type names its pixel size (the @2x ones are their own types). */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
]

function encodeIcns(pngOf) {
  const entries = ICNS_TYPES.map(([type, size]) => {
    const data = pngOf(size)
    const head = Buffer.alloc(8)
    head.write(type, 0, 'latin1')
    head.writeUInt32BE(data.length + 8, 4)
    return Buffer.concat([head, data])
  })
  const body = Buffer.concat(entries)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'latin1')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

function svg() {
  const shape = (s) =>
    s.kind === 'poly'
      ? `<polygon points="${s.points.map((p) => p.join(',')).join(' ')}"/>`
      : `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}"${s.r ? ` rx="${s.r}"` : ''}/>`
  const rgb = (c) => `rgb(${c.join(',')})`
  const b = BACKGROUND
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024" width="1024" height="1024">
  <title>Filedock</title>
  <!-- Generated by scripts/make-icons.mjs from the same shapes as the PNG, ICNS and ICO icons. -->
  <defs><linearGradient id="blue" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${rgb(BLUE_TOP)}"/><stop offset="1" stop-color="${rgb(BLUE_BOTTOM)}"/></linearGradient></defs>
  <rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="${b.r}" fill="url(#blue)"/>
  <g fill="#fff">${GLYPH.map(shape).join('')}</g>
</svg>
`
}

export const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512]
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]

export function makeIcons(out) {
  const cache = new Map()
  const pngOf = (size) => {
    if (!cache.has(size)) cache.set(size, encodePng(size, render(size)))
    return cache.get(size)
  }
  const template = (size) => encodePng(size, render(size, true))
  const files = new Map([
    ['build/icon.svg', Buffer.from(svg())],
    ['build/icon.png', pngOf(1024)],
    ['build/icon.icns', encodeIcns(pngOf)],
    ['build/icon.ico', encodeIco(ICO_SIZES.map((size) => ({ size, data: pngOf(size) })))],
    ...LINUX_SIZES.map((size) => [`build/icons/${size}x${size}.png`, pngOf(size)]),
  ])
  const dataUrl = (png) => `data:image/png;base64,${png.toString('base64')}`
  files.set(
    'electron/shell/tray-icon.ts',
    Buffer.from(`// Generated by scripts/make-icons.mjs: do not edit (scripts/icons.test.ts checks it is current).

/**
 * The tray images, inline so the bundled main needs no asset path that differs between \`npm start\` and a packaged
 * app. Each at 1× and 2× (16 and 32 px: the size of a tray or menu bar icon, and its Retina / HiDPI form).
 * TEMPLATE: the glyph alone in black, which macOS tints for a light or dark menu bar (tray-image.ts marks it).
 */
export const TRAY_ICON = {
  colour: {
    x1: '${dataUrl(pngOf(16))}',
    x2: '${dataUrl(pngOf(32))}',
  },
  template: {
    x1: '${dataUrl(template(16))}',
    x2: '${dataUrl(template(32))}',
  },
} as const

/** The window's own icon on Linux (X11 and Wayland show it where no .desktop entry matches: \`npm start\`). */
export const WINDOW_ICON_DATA_URL =
  '${dataUrl(pngOf(64))}'
`),
  )
  for (const [path, data] of files) {
    mkdirSync(dirname(join(out, path)), { recursive: true })
    writeFileSync(join(out, path), data)
  }
  return [...files.keys()]
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--out')
  const out = at === -1 ? root : process.argv[at + 1]
  const written = makeIcons(out)
  console.error(`make-icons: wrote ${written.length} files under ${out}`)
}
