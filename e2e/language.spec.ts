import { expect, openWithSmallTree, test } from './fixtures.ts'
import { setLanguage } from './language-helpers.ts'
import { openQueueSettings } from './upload-helpers.ts'

test('the language is chosen in Settings and applies at once: Spanish, then Arabic right to left, then the system’s again', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  const html = page.locator('html')
  // Chromium here runs with en-US: 'system' is English, and says so.
  await expect(html).toHaveAttribute('lang', 'en')
  await page.keyboard.press('Control+,')
  // Found by its role: its title changes language with the rest.
  const settings = page.getByRole('dialog')
  const language = settings.getByRole('combobox', { name: 'Language' })
  await expect(language.getByRole('option', { name: 'System (English)' })).toHaveCount(1)

  await language.selectOption('es')
  // The dialog stays open and speaks Spanish: no reload, nothing lost.
  await expect(settings.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es')
  await expect(html).toHaveAttribute('lang', 'es')
  await expect(html).toHaveAttribute('dir', 'ltr')

  await settings.getByRole('combobox', { name: 'Idioma' }).selectOption('ar')
  const arabic = settings.getByRole('combobox', { name: 'اللغة' })
  await expect(arabic).toHaveValue('ar')
  await expect(html).toHaveAttribute('dir', 'rtl')

  // Kept: a reload (a restart of the window) comes back in Arabic.
  await page.reload()
  await expect(html).toHaveAttribute('lang', 'ar')
  await expect(html).toHaveAttribute('dir', 'rtl')
  await page.keyboard.press('Control+,')
  await settings.getByRole('combobox', { name: 'اللغة' }).selectOption('system')
  await expect(settings.getByRole('combobox', { name: 'Language' })).toHaveValue('system')
  await expect(html).toHaveAttribute('dir', 'ltr')
})

test('in Arabic the menus run right to left too: Radix is told the window’s direction, not left to right', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await setLanguage(page, 'ar', 'ar')
  await page.getByRole('grid').getByRole('row').filter({ hasText: 'Photos' }).click({ button: 'right' })
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  // Radix writes its own dir on the menu, which wins over <html dir>: left to right, the items read from the left.
  await expect(menu).toHaveAttribute('dir', 'rtl')
  await expect(menu.getByRole('menuitem').first()).toHaveCSS('direction', 'rtl')
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
})

test('a second window follows the first’s choice, and the same choice made again changes nothing', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  const second = await page.context().newPage()
  await second.goto(host.url)
  await expect(second.locator('html')).toHaveAttribute('lang', 'en')

  await page.keyboard.press('Control+,')
  const settings = page.getByRole('dialog')
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('es')
  await expect(second.locator('html')).toHaveAttribute('lang', 'es')

  // The same language chosen again, from the other window (as a second window or the settings file would):
  // both stay Spanish, the first's dialog stays open and its choice shown, no error is said.
  await setLanguage(second, 'es', 'es')
  await setLanguage(second, 'es', 'es')
  await expect(settings.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  for (const window of [page, second]) await expect(window.getByRole('alert')).toHaveCount(0)

  // The second window's change back reaches the first too.
  await setLanguage(second, 'system', 'en')
  await expect(settings.getByRole('combobox', { name: 'Language' })).toHaveValue('system')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('main’s words that are not errors follow the language too: the paused queue’s reason', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  const queue = await openQueueSettings(page)
  await queue.getByRole('button', { name: 'Pause all' }).click()
  const banner = page.getByTestId('queue-paused')
  await expect(banner).toContainText('Transfers already running finish; no new ones start until you resume.')
  // The reason is main's (the queue's pause), worded by the window from its id: Spanish after the switch.
  await setLanguage(page, 'es', 'es')
  await expect(banner).toHaveText(
    /Las transferencias están en pausa\. Las transferencias en curso terminan; no empieza ninguna nueva hasta que reanudes\./,
  )
})
