import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { trayImage } from './tray-image.ts'

/** Width, height and RGBA pixels of an 8-bit RGBA PNG without interlace (what make-icons.mjs writes). */
function decode(dataUrl: string): { width: number; height: number; rgba: Buffer } {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64')
  const width = png.readUInt32BE(16)
  const height = png.readUInt32BE(20)
  expect([png[24], png[25]]).toEqual([8, 6])
  const chunks: Buffer[] = []
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at)
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length))
    at += length + 12
  }
  const raw = inflateSync(Buffer.concat(chunks))
  const rgba = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(0)
    raw.copy(rgba, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1))
  }
  return { width, height, rgba }
}

class FakeImage {
  readonly reps: Array<{ scaleFactor: number; width: number; height: number; dataURL: string }> = []
  template = false
  addRepresentation(rep: { scaleFactor: number; width: number; height: number; dataURL: string }) {
    this.reps.push(rep)
  }
  setTemplateImage(on: boolean) {
    this.template = on
  }
}

const make = (platform: NodeJS.Platform) =>
  trayImage({ createEmpty: () => new FakeImage() as never }, platform) as unknown as FakeImage

describe('trayImage', () => {
  it('macOS: a 16 pt template image with its @2x, the glyph in black on transparent', () => {
    const image = make('darwin')
    expect(image.template).toBe(true)
    expect(image.reps.map((r) => [r.scaleFactor, r.width, r.height])).toEqual([
      [1, 16, 16],
      [2, 32, 32],
    ])
    for (const rep of image.reps) {
      const { width, rgba } = decode(rep.dataURL)
      expect(width).toBe(rep.width)
      let opaque = 0
      for (let i = 0; i < rgba.length; i += 4) {
        expect([rgba[i], rgba[i + 1], rgba[i + 2]]).toEqual([0, 0, 0])
        if ((rgba[i + 3] ?? 0) > 200) opaque++
      }
      // A glyph, not an empty or filled square.
      expect(opaque).toBeGreaterThan(width)
      expect(opaque).toBeLessThan((width * width) / 2)
    }
  })

  it('Windows and Linux: the app’s colours at 16 and 32 px, not a template', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const image = make(platform)
      expect(image.template).toBe(false)
      expect(image.reps.map((r) => decode(r.dataURL).width)).toEqual([16, 32])
      const { rgba } = decode(image.reps[1]?.dataURL ?? '')
      const centre = (16 * 32 + 4) * 4
      expect(rgba[centre + 3]).toBe(255)
    }
  })
})
