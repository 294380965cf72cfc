/**
 * Text widths in the page's own font without laying anything out: each character is measured once on a canvas
 * and remembered, so shortening thousands of names while scrolling costs additions, not layouts.
 */
export function graphemeWidths(font: string): (grapheme: string) => number {
  const known = new Map<string, number>()
  const context = document.createElement('canvas').getContext('2d')
  if (context) context.font = font
  return (g) => {
    let width = known.get(g)
    if (width === undefined) {
      // No canvas (never in Chromium): a generous average keeps names short enough rather than clipped.
      width = context ? context.measureText(g).width : 0.7 * Number.parseFloat(font)
      known.set(g, width)
    }
    return width
  }
}

/** The app's text font (the --font token), for measuring text as the page draws it. */
export function appFontFamily(): string {
  return getComputedStyle(document.documentElement).getPropertyValue('--font').trim() || 'sans-serif'
}
