import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ICNS_TYPES, ICO_SIZES, LINUX_SIZES } from './make-icons.mjs'

const root = join(import.meta.dirname, '..')
let out: string
let written: string[]

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'filedock-icons-'))
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'make-icons.mjs'), '--out', out], {
    encoding: 'utf8',
  })
  expect(run.status, run.stderr).toBe(0)
  written = [
    'build/icon.svg',
    'build/icon.png',
    'build/icon.icns',
    'build/icon.ico',
    ...LINUX_SIZES.map((s) => `build/icons/${s}x${s}.png`),
    'electron/shell/tray-icon.ts',
  ]
}, 60_000)

afterAll(async () => {
  await rm(out, { recursive: true, force: true })
})

const pngSize = (png: Buffer) => {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
  return [png.readUInt32BE(16), png.readUInt32BE(20)]
}

describe('the app icons (build/)', () => {
  it('are what scripts/make-icons.mjs draws, byte for byte', async () => {
    for (const file of written) {
      expect((await readFile(join(root, file))).equals(await readFile(join(out, file))), file).toBe(true)
    }
  })

  it('hold every size each target asks for: Linux PNGs, a 1024 px source, the .ico and the .icns', async () => {
    for (const size of LINUX_SIZES)
      expect(pngSize(await readFile(join(root, `build/icons/${size}x${size}.png`)))).toEqual([size, size])
    expect(pngSize(await readFile(join(root, 'build/icon.png')))).toEqual([1024, 1024])

    const ico = await readFile(join(root, 'build/icon.ico'))
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, ICO_SIZES.length])
    ICO_SIZES.forEach((size, i) => {
      const entry = 6 + 16 * i
      const png = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      )
      expect(pngSize(png)).toEqual([size, size])
      expect(ico[entry]).toBe(size >= 256 ? 0 : size)
    })

    const icns = await readFile(join(root, 'build/icon.icns'))
    expect(icns.toString('latin1', 0, 4)).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const found: Array<[string, number]> = []
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4))
      found.push([icns.toString('latin1', at, at + 4), pngSize(icns.subarray(at + 8))[0] as number])
    expect(found).toEqual(ICNS_TYPES)
  })
})
