import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface WindowState {
  bounds: Rect
  maximized: boolean
}

export const DEFAULT_SIZE = { width: 1200, height: 780 }
export const MIN_SIZE = { width: 720, height: 480 }
/** How much of the title bar must be on a display for the saved position to count as visible. */
const GRAB = 64

const int = z.number().int().min(-100_000).max(100_000)
const stateSchema = z.object({
  bounds: z.object({ x: int, y: int, width: int.min(1), height: int.min(1) }),
  maximized: z.boolean(),
})

export async function loadWindowState(file: string): Promise<WindowState | null> {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null // first launch, or a damaged file: the default placement is fine
  }
}

/**
 * Synchronous on purpose: it runs in the window's `close` handler, and the process may quit right after. The
 * file is tiny; writing a temp file and renaming it keeps a crash from leaving half a file.
 */
export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, `${JSON.stringify(state)}\n`)
  renameSync(temp, file)
}

/**
 * Where to open the window: the saved bounds if enough of the top edge lies on a display that still exists
 * (monitors get unplugged), shrunk to fit it; otherwise centred on the primary display.
 */
export function placeWindow(saved: WindowState | null, workAreas: Rect[], primary: Rect): WindowState {
  if (saved !== null) {
    const { bounds } = saved
    const titleBar: Rect = {
      x: bounds.x,
      y: bounds.y,
      width: bounds.width,
      height: Math.min(bounds.height, GRAB),
    }
    const home = workAreas.find((area) => overlap(titleBar, area) >= GRAB * Math.min(GRAB, titleBar.height))
    if (home !== undefined) {
      const width = clamp(bounds.width, MIN_SIZE.width, home.width)
      const height = clamp(bounds.height, MIN_SIZE.height, home.height)
      const x = clamp(bounds.x, home.x, home.x + home.width - width)
      const y = clamp(bounds.y, home.y, home.y + home.height - height)
      return { bounds: { x, y, width, height }, maximized: saved.maximized }
    }
  }
  const width = Math.min(DEFAULT_SIZE.width, primary.width)
  const height = Math.min(DEFAULT_SIZE.height, primary.height)
  const x = primary.x + Math.round((primary.width - width) / 2)
  const y = primary.y + Math.round((primary.height - height) / 2)
  return { bounds: { x, y, width, height }, maximized: saved?.maximized ?? false }
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return w > 0 && h > 0 ? w * h : 0
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, Math.max(min, max)))
}
