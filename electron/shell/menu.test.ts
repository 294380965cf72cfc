import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { englishIntl } from '../../core/i18n/main-intl.ts'
import { menuTemplate } from './menu.ts'

const roles = (items: MenuItemConstructorOptions[]): string[] =>
  items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ])

describe('menuTemplate', () => {
  it('has File, Edit, View, Window and Help on Linux and Windows', () => {
    const template = menuTemplate('linux', true, englishIntl)
    expect(template.map((m) => m.role ?? m.label)).toEqual([
      'fileMenu',
      'editMenu',
      'View',
      'windowMenu',
      'help',
    ])
    expect(roles(template)).toEqual(
      expect.arrayContaining(['quit', 'reload', 'zoomIn', 'togglefullscreen', 'about']),
    )
  })

  it('adds the app menu on macOS', () => {
    const template = menuTemplate('darwin', true, englishIntl)
    expect(template[0]?.label).toBe('Filedock')
    expect(roles(template)).toEqual(expect.arrayContaining(['about', 'hide', 'quit', 'close']))
  })

  it('offers DevTools only when not packaged', () => {
    expect(roles(menuTemplate('linux', true, englishIntl))).not.toContain('toggleDevTools')
    expect(roles(menuTemplate('linux', false, englishIntl))).toContain('toggleDevTools')
  })
})
