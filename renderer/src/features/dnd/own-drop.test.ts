import { describe, expect, it } from 'vitest'
import { decideFilesDrop, movesInto, type PaneDrag } from './own-drop.ts'

const cache = '/home/me/.config/Filedock/cache/drag/work'
const copies = [`${cache}/abc123/report.pdf`, `${cache}/def456/photo.jpg`]
/** Two files of account `work`, dragged out of its folder 7. */
const out: PaneDrag = { accountId: 'work', fromFldId: 7, copies }
const photos = { accountId: 'work', fldId: 12, name: 'Photos', path: 'Photos' }

describe('a drop of OS files on the window', () => {
  it('moves the copies of our own drag out into the folder they were dropped on: a move, never an upload', () => {
    expect(decideFilesDrop(copies, [out, null], photos)).toEqual({ kind: 'move', drag: out, into: photos })
    // One of them only (a file manager may hand back what the person picked there).
    expect(decideFilesDrop([copies[1] as string], [out, out], photos)).toMatchObject({ kind: 'move' })
  })

  it('does nothing with them where a move would change nothing: their own folder, another account, no folder', () => {
    for (const folder of [{ ...photos, fldId: 7 }, { ...photos, accountId: 'home' }, null])
      expect(decideFilesDrop(copies, [out, out], folder)).toEqual({ kind: 'ignore' })
  })

  it('recognises them by their paths after the record of the drag ended (the OS drag hides its end)', () => {
    expect(decideFilesDrop(copies, [null, out], photos)).toMatchObject({ kind: 'move', drag: out })
  })

  it('uploads files from a folder, even while a drag out is recorded or was', () => {
    const fromFolder = ['/home/me/Desktop/report.pdf']
    expect(decideFilesDrop(fromFolder, [out, out], photos)).toEqual({ kind: 'upload' })
    expect(decideFilesDrop([...copies, '/home/me/Desktop/x.txt'], [out, out], null)).toEqual({
      kind: 'upload',
    })
    expect(decideFilesDrop(fromFolder, [null, null], null)).toEqual({ kind: 'upload' })
    // A drag out whose copies are still being fetched has not reached the OS: nothing dropped can be its.
    expect(decideFilesDrop(copies, [{ ...out, copies: null }, null], photos)).toEqual({ kind: 'upload' })
    // The browser host gives no paths and has no drag out.
    expect(decideFilesDrop(null, [out, out], photos)).toEqual({ kind: 'upload' })
  })

  it('moves within the account, into another folder (the rule the page’s own drag follows too)', () => {
    expect(movesInto(out, photos)).toBe(true)
    expect(movesInto(out, { accountId: 'work', fldId: 7 })).toBe(false)
    expect(movesInto(out, { accountId: 'home', fldId: 12 })).toBe(false)
    expect(movesInto({ ...out, fromFldId: null }, { accountId: 'work', fldId: 7 })).toBe(true)
  })
})
