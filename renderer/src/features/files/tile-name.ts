import { fitsInLines, middleEllipsis } from '../../lib/middle-ellipsis.ts'
import { appFontFamily, graphemeWidths } from '../../lib/text-measure.ts'

/**
 * A tile's name box, in one place for the layout (FileTile's style) and for the measuring below: the narrowest
 * tile (FilePane's TILE_W less its padding and border) holds it, so every tile shows a name the same way.
 */
export const TILE_NAME_BOX = { width: 128, fontSize: 12, lineHeight: '16px' } as const
const LINES = 2
/** Room for subpixel rounding and kerning between measured characters. */
const SLACK_PX = 2
/** Names shortened so far; a grid shows the same names again as it scrolls back and forth. */
const MAX_REMEMBERED = 5000

let widthOf: ((g: string) => number) | null = null
const remembered = new Map<string, string>()

/** The name as a tile shows it: whole on up to two lines, or shortened in the middle, keeping the extension. */
export function tileName(name: string): string {
  let shown = remembered.get(name)
  if (shown !== undefined) return shown
  widthOf ??= graphemeWidths(`${TILE_NAME_BOX.fontSize}px ${appFontFamily()}`)
  const measure = widthOf
  shown = middleEllipsis(name, (text) => fitsInLines(text, TILE_NAME_BOX.width - SLACK_PX, LINES, measure))
  if (remembered.size >= MAX_REMEMBERED) remembered.clear()
  remembered.set(name, shown)
  return shown
}
