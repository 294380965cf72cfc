import { describe, expect, it } from 'vitest'
import { handleTreeKey, type TreeKeyHandlers } from './tree-keys.ts'

/**
 * A flat role=tree as FolderTree renders it, reduced to what handleTreeKey reads (aria-level, aria-expanded,
 * document order, focus). Vitest runs without a DOM here; the real tree is driven in Chromium by e2e/.
 */
class Item {
  constructor(
    readonly name: string,
    private readonly attrs: Record<string, string>,
    private readonly tree: Tree,
  ) {}
  getAttribute(name: string): string | null {
    return this.attrs[name] ?? null
  }
  closest(selector: string): Tree | null {
    return selector === '[role="tree"]' ? this.tree : null
  }
  focus(): void {
    this.tree.focused = this.name
  }
}

class Tree {
  focused = ''
  items: Item[] = []
  querySelectorAll(selector: string): Item[] {
    return selector === '[role="treeitem"]' ? this.items : []
  }
}

/** Root (expanded) > Photos (expanded) > 2024 (leaf); Root > Docs (collapsed); Trash (leaf). */
function tree(): { t: Tree; at: (name: string) => Item } {
  const t = new Tree()
  const spec: [string, string, string | null][] = [
    ['Root', '1', 'true'],
    ['Photos', '2', 'true'],
    ['2024', '3', null],
    ['Docs', '2', 'false'],
    ['Trash', '1', null],
  ]
  t.items = spec.map(
    ([name, level, expanded]) =>
      new Item(name, { 'aria-level': level, ...(expanded === null ? {} : { 'aria-expanded': expanded }) }, t),
  )
  return { t, at: (name) => t.items.find((i) => i.name === name) as Item }
}

function press(
  key: string,
  on: Item,
  canRename = true,
  shiftKey = false,
  rtl = false,
): { calls: string[]; prevented: boolean } {
  const calls: string[] = []
  const handlers: TreeKeyHandlers = {
    rtl,
    expand: (el) => calls.push(`expand ${(el as unknown as Item).name}`),
    collapse: (el) => calls.push(`collapse ${(el as unknown as Item).name}`),
    activate: (el) => calls.push(`activate ${(el as unknown as Item).name}`),
    ...(canRename
      ? {
          rename: (el: HTMLElement) => calls.push(`rename ${(el as unknown as Item).name}`),
          menu: (el: HTMLElement) => calls.push(`menu ${(el as unknown as Item).name}`),
        }
      : // A picker tree (a dialog's destination) goes ahead on Enter.
        { confirm: (el: HTMLElement) => calls.push(`confirm ${(el as unknown as Item).name}`) }),
  }
  let prevented = false
  const event = {
    key,
    shiftKey,
    currentTarget: on,
    preventDefault: () => {
      prevented = true
    },
    stopPropagation: () => undefined,
  }
  handleTreeKey(event as unknown as React.KeyboardEvent<HTMLElement>, handlers)
  return { calls, prevented }
}

describe('folder tree keys (WAI-ARIA tree pattern)', () => {
  it('moves focus down, up, to the first and the last visible folder', () => {
    const { t, at } = tree()
    press('ArrowDown', at('Photos'))
    expect(t.focused).toBe('2024')
    press('ArrowUp', at('Photos'))
    expect(t.focused).toBe('Root')
    press('End', at('Photos'))
    expect(t.focused).toBe('Trash')
    press('Home', at('Trash'))
    expect(t.focused).toBe('Root')
    // At either end, the arrows stay put.
    t.focused = ''
    press('ArrowDown', at('Trash'))
    press('ArrowUp', at('Root'))
    expect(t.focused).toBe('')
  })

  it('ArrowRight expands a closed folder, or enters an open one; does nothing on a leaf', () => {
    const { t, at } = tree()
    expect(press('ArrowRight', at('Docs')).calls).toEqual(['expand Docs'])
    press('ArrowRight', at('Photos'))
    expect(t.focused).toBe('2024')
    t.focused = ''
    expect(press('ArrowRight', at('2024')).calls).toEqual([])
    expect(t.focused).toBe('')
  })

  it('ArrowLeft collapses an open folder, or goes up to the parent', () => {
    const { t, at } = tree()
    expect(press('ArrowLeft', at('Photos')).calls).toEqual(['collapse Photos'])
    press('ArrowLeft', at('2024'))
    expect(t.focused).toBe('Photos')
    press('ArrowLeft', at('Docs'))
    expect(t.focused).toBe('Root')
  })

  it('right to left (Arabic), ArrowLeft opens and enters, ArrowRight closes and goes up: the arrows point as the tree is laid out', () => {
    const { t, at } = tree()
    const rtl = (key: string, on: Item) => press(key, on, true, false, true)
    expect(rtl('ArrowLeft', at('Docs')).calls).toEqual(['expand Docs'])
    rtl('ArrowLeft', at('Photos'))
    expect(t.focused).toBe('2024')
    expect(rtl('ArrowRight', at('Photos')).calls).toEqual(['collapse Photos'])
    rtl('ArrowRight', at('2024'))
    expect(t.focused).toBe('Photos')
  })

  it('Enter and Space open the folder; other keys are left to the page', () => {
    const { at } = tree()
    expect(press('Enter', at('Docs'))).toEqual({ calls: ['activate Docs'], prevented: true })
    expect(press(' ', at('Trash'))).toEqual({ calls: ['activate Trash'], prevented: true })
    expect(press('a', at('Trash'))).toEqual({ calls: [], prevented: false })
    expect(press('Tab', at('Trash')).prevented).toBe(false)
  })

  it('Enter in a picker tree picks the folder and goes ahead; Space only picks it', () => {
    const { at } = tree()
    expect(press('Enter', at('Docs'), false)).toEqual({ calls: ['confirm Docs'], prevented: true })
    expect(press(' ', at('Docs'), false)).toEqual({ calls: ['activate Docs'], prevented: true })
  })

  it('F2 renames where the tree can rename; a picker tree leaves F2 to the page', () => {
    const { at } = tree()
    expect(press('F2', at('Photos'))).toEqual({ calls: ['rename Photos'], prevented: true })
    expect(press('F2', at('Photos'), false)).toEqual({ calls: [], prevented: false })
  })

  it('the context-menu key and Shift+F10 open the folder’s menu; F10 alone is left to the page', () => {
    const { at } = tree()
    expect(press('ContextMenu', at('Docs'))).toEqual({ calls: ['menu Docs'], prevented: true })
    expect(press('F10', at('Docs'), true, true)).toEqual({ calls: ['menu Docs'], prevented: true })
    expect(press('F10', at('Docs'))).toEqual({ calls: [], prevented: false })
    expect(press('ContextMenu', at('Docs'), false)).toEqual({ calls: [], prevented: false })
  })
})
