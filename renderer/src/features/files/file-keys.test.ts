import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { IndexFileRow, IndexRow } from '../../../../shared/file-index.ts'
import { englishIntl } from '../../i18n/testing/english.ts'
import { useSelection } from '../../state/selection-store.ts'
import { useToasts } from '../../state/toast-store.ts'
import { type FileKeyContext, handleFileKey } from './file-keys.ts'

function file(n: number): IndexFileRow {
  return {
    kind: 'file',
    accountId: 'a',
    fileCode: `f${n}`,
    name: `f${n}.txt`,
    size: 10,
    uploaded: '2026-11-23 10:00:00',
    downloads: 0,
    fldId: 0,
    folderPath: '',
    link: `https://files.example/f${n}`,
    thumbnail: null,
    public: 1,
  }
}

/** 2 folders then 98 files; rows past 50 are "not loaded yet" (their window has not arrived). */
function context(columns = 1): FileKeyContext & { calls: string[] } {
  const calls: string[] = []
  const rowAt = (i: number): IndexRow | undefined =>
    i < 2
      ? {
          kind: 'folder',
          accountId: 'a',
          fldId: i + 1,
          parentId: 0,
          name: `d${i}`,
          path: `d${i}`,
          parents: [],
        }
      : i < 50
        ? file(i)
        : undefined
  return {
    intl: englishIntl,
    rtl: false,
    calls,
    total: 100,
    rowAt,
    columns,
    pageItems: 10,
    scrollTo: (i) => calls.push(`scroll ${i}`),
    extendTo: (i, additive) => calls.push(`extend ${i}${additive ? ' +' : ''}`),
    selectAll: () => calls.push('selectAll'),
    copyLinks: () => calls.push('copyLinks'),
    copyDirectLinks: () => calls.push('copyDirectLinks'),
    download: () => calls.push('download'),
    downloadFolder: (row) => calls.push(`downloadFolder ${row.name}`),
    open: (i) => calls.push(`open ${i}`),
    preview: (i) => calls.push(`preview ${i}`),
    rename: () => calls.push('rename'),
    goUp: () => {
      calls.push('goUp')
      return true
    },
  }
}

function press(
  ctx: FileKeyContext,
  key: string,
  mods: { shift?: boolean; ctrl?: boolean; alt?: boolean } = {},
) {
  const event = {
    key,
    shiftKey: mods.shift ?? false,
    ctrlKey: mods.ctrl ?? false,
    metaKey: false,
    altKey: mods.alt ?? false,
  }
  return handleFileKey(event as unknown as React.KeyboardEvent, ctx)
}

const sel = () => useSelection.getState()

beforeAll(() => {
  // Node has no navigator; the renderer asks it whether Ctrl or Cmd is the modifier.
  vi.stubGlobal('navigator', { platform: 'Linux x86_64' })
})
afterAll(() => {
  vi.unstubAllGlobals()
})
beforeEach(() => {
  sel().clear()
  useToasts.setState({ toasts: [] })
})

describe('file pane keys', () => {
  it('arrows move the cursor and select the file under it; a folder row selects nothing', () => {
    const ctx = context()
    expect(press(ctx, 'ArrowDown')).toBe(true)
    expect(sel().focusIndex).toBe(0)
    expect(sel().picked.size).toBe(0)
    press(ctx, 'ArrowDown')
    press(ctx, 'ArrowDown')
    expect([...sel().picked.keys()]).toEqual(['a:f2'])
    press(ctx, 'ArrowUp')
    expect(sel().focusIndex).toBe(1)
    expect(ctx.calls).toEqual(['scroll 0', 'scroll 1', 'scroll 2', 'scroll 1'])
  })

  it('End jumps to the last row of the whole result and waits for it to load; Home and pages clamp', () => {
    const ctx = context()
    press(ctx, 'End')
    expect(sel()).toMatchObject({ focusIndex: 99, pendingIndex: 99 })
    press(ctx, 'PageDown')
    expect(sel().focusIndex).toBe(99)
    press(ctx, 'Home')
    press(ctx, 'PageUp')
    expect(sel().focusIndex).toBe(0)
  })

  it('Shift extends from the anchor, Ctrl moves the cursor only, Ctrl+Space ticks', () => {
    const ctx = context()
    sel().selectOnly(5, file(5))
    press(ctx, 'ArrowDown', { shift: true })
    press(ctx, 'ArrowDown', { shift: true, ctrl: true })
    expect(ctx.calls.filter((c) => c.startsWith('extend'))).toEqual(['extend 6', 'extend 6 +'])
    press(ctx, 'ArrowDown', { ctrl: true })
    expect(sel().focusIndex).toBe(6)
    expect([...sel().picked.keys()]).toEqual(['a:f5'])
    press(ctx, ' ', { ctrl: true })
    expect([...sel().picked.keys()]).toEqual(['a:f5', 'a:f6'])
    press(ctx, ' ', { ctrl: true })
    expect([...sel().picked.keys()]).toEqual(['a:f5'])
    expect(ctx.calls.filter((c) => c.startsWith('preview'))).toEqual([])
  })

  it('Space opens Quick Look of the file under the cursor, changing no selection; on a folder it does nothing', () => {
    const ctx = context()
    sel().selectOnly(5, file(5))
    press(ctx, ' ')
    expect(ctx.calls).toEqual(['preview 5'])
    expect([...sel().picked.keys()]).toEqual(['a:f5'])
    sel().selectOnly(1, null)
    press(ctx, ' ')
    expect(ctx.calls).toEqual(['preview 5'])
  })

  it('Ctrl+C copies page links, Ctrl+Shift+C direct links, and says what to do with nothing selected', () => {
    const ctx = context()
    press(ctx, 'c', { ctrl: true })
    expect(ctx.calls).toEqual([])
    expect(useToasts.getState().toasts.map((t) => t.message(englishIntl))).toEqual([
      'Select files to copy their links',
    ])
    sel().selectOnly(3, file(3))
    press(ctx, 'c', { ctrl: true })
    press(ctx, 'C', { ctrl: true, shift: true })
    press(ctx, 'a', { ctrl: true })
    expect(ctx.calls).toEqual(['copyLinks', 'copyDirectLinks', 'selectAll'])
  })

  it('Ctrl+Shift+S is Download… of the selection (Save As…); with nothing selected it says what to do', () => {
    const ctx = context()
    expect(press(ctx, 'S', { ctrl: true, shift: true })).toBe(true)
    expect(ctx.calls).toEqual([])
    expect(useToasts.getState().toasts.map((t) => t.message(englishIntl))).toEqual([
      'Select files to download them',
    ])
    sel().selectOnly(3, file(3))
    press(ctx, 'S', { ctrl: true, shift: true })
    // Ctrl+S alone is not Download: it is left to others.
    expect(press(ctx, 's', { ctrl: true })).toBe(false)
    expect(ctx.calls).toEqual(['download'])
  })

  it('Ctrl+Shift+S on a folder row with nothing picked is Download… of that folder, as its menu has it', () => {
    const ctx = context()
    press(ctx, 'ArrowDown')
    press(ctx, 'ArrowDown')
    expect(sel().focusIndex).toBe(1)
    expect(press(ctx, 'S', { ctrl: true, shift: true })).toBe(true)
    // Files picked win over the folder under the cursor (Ctrl+arrows move the cursor alone).
    sel().selectOnly(3, file(3))
    press(ctx, 'ArrowUp', { ctrl: true })
    press(ctx, 'S', { ctrl: true, shift: true })
    expect(ctx.calls.filter((c) => !c.startsWith('scroll'))).toEqual(['downloadFolder d1', 'download'])
    expect(useToasts.getState().toasts).toEqual([])
  })

  it('Escape clears a selection, and is left to others when there is none', () => {
    const ctx = context()
    sel().selectOnly(3, file(3))
    expect(press(ctx, 'Escape')).toBe(true)
    expect(sel().picked.size).toBe(0)
    expect(press(ctx, 'Escape')).toBe(false)
  })

  it('Enter opens, F2 renames, Backspace and Alt+Up go up, Delete explains; other keys pass', () => {
    const ctx = context()
    sel().selectOnly(4, file(4))
    press(ctx, 'Enter')
    press(ctx, 'F2')
    press(ctx, 'Backspace')
    press(ctx, 'ArrowUp', { alt: true })
    expect(ctx.calls).toEqual(['open 4', 'rename', 'goUp', 'goUp'])
    expect(press(ctx, 'Delete')).toBe(true)
    expect(useToasts.getState().toasts.at(-1)?.message(englishIntl)).toBe(
      'This host’s API cannot delete files',
    )
    expect(press(ctx, 'q')).toBe(false)
  })

  it('in the grid, left and right move by one and up and down by a row of columns', () => {
    const ctx = context(4)
    sel().selectOnly(10, file(10))
    press(ctx, 'ArrowRight')
    expect(sel().focusIndex).toBe(11)
    press(ctx, 'ArrowDown')
    expect(sel().focusIndex).toBe(15)
    press(ctx, 'ArrowLeft')
    press(ctx, 'ArrowUp')
    expect(sel().focusIndex).toBe(10)
    expect(press(context(1), 'ArrowRight')).toBe(false)
  })

  it('in the grid laid out right to left (Arabic), ArrowLeft moves to the next tile and ArrowRight back', () => {
    const ctx = { ...context(4), rtl: true }
    sel().selectOnly(10, file(10))
    press(ctx, 'ArrowLeft')
    expect(sel().focusIndex).toBe(11)
    press(ctx, 'ArrowRight')
    press(ctx, 'ArrowRight')
    expect(sel().focusIndex).toBe(9)
  })

  it('Shift+F10 and the context-menu key open the menu at the cursor row, scrolled into view first', () => {
    const sent: Array<{ target: string; type: string; x: number; y: number }> = []
    const element = (name: string, rect: { left: number; top: number; width: number; height: number }) => ({
      getBoundingClientRect: () => rect,
      dispatchEvent: (e: { type: string; clientX: number; clientY: number }) =>
        sent.push({ target: name, type: e.type, x: e.clientX, y: e.clientY }),
    })
    const row = element('row 7', { left: 10, top: 300, width: 800, height: 36 })
    let cursor: string | null = 'file-7'
    const grid = {
      ...element('grid', { left: 10, top: 100, width: 800, height: 600 }),
      getAttribute: (name: string) => (name === 'aria-activedescendant' ? cursor : null),
    }
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'file-7' ? row : null) })
    vi.stubGlobal(
      'MouseEvent',
      class {
        type: string
        clientX: number
        clientY: number
        constructor(type: string, init: { clientX: number; clientY: number }) {
          this.type = type
          this.clientX = init.clientX
          this.clientY = init.clientY
        }
      },
    )
    const ctx = context()
    sel().selectOnly(7, file(7))
    const pressOn = (key: string, shift: boolean) =>
      handleFileKey(
        { key, shiftKey: shift, ctrlKey: false, metaKey: false, altKey: false, currentTarget: grid } as never,
        ctx,
      )
    expect(pressOn('F10', true)).toBe(true)
    expect(pressOn('ContextMenu', false)).toBe(true)
    expect(ctx.calls).toEqual(['scroll 7', 'scroll 7'])
    // Inside the row, near its start: where a right-click on the name would open it.
    expect(sent).toEqual([
      { target: 'row 7', type: 'contextmenu', x: 42, y: 318 },
      { target: 'row 7', type: 'contextmenu', x: 42, y: 318 },
    ])
    // F10 alone is not the menu key; with no cursor row the menu opens at the top of the grid.
    expect(pressOn('F10', false)).toBe(false)
    cursor = null
    sel().clear()
    pressOn('ContextMenu', false)
    expect(sent.at(-1)).toEqual({ target: 'grid', type: 'contextmenu', x: 42, y: 124 })
  })
})
