/**
 * WCAG 2.1 contrast of colours (relative luminance, success criteria 1.4.3 and 1.4.11). The app draws with fixed
 * palettes; its tests hold them to the ratios with this (file-kind.test.ts, e2e/accessibility.spec.ts).
 */
export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

/** `#rrggbb`, or `rgb(…)` / `rgba(…)` as getComputedStyle writes them; null for anything else. */
export function parseColor(text: string): Rgba | null {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text.trim())
  if (hex) {
    const [r, g, b] = hex.slice(1).map((h) => Number.parseInt(h, 16)) as [number, number, number]
    return { r, g, b, a: 1 }
  }
  const fn = /^rgba?\(\s*([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\s*\)$/.exec(text.trim())
  if (!fn) return null
  return { r: Number(fn[1]), g: Number(fn[2]), b: Number(fn[3]), a: fn[4] === undefined ? 1 : Number(fn[4]) }
}

/** `top` painted over the opaque `bottom`: the colour the eye sees. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a)
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 }
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (v: number) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
