import { electronMode } from './electron-app.ts'
import { expect, openWithSmallTree, test } from './fixtures.ts'
import { dragFiles } from './upload-helpers.ts'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('the shell speaks the chosen language, main’s event toasts too: a finished upload’s links copied, told in Spanish', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await page.keyboard.press('Control+,')
  const settings = page.getByRole('dialog')
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('es')
  // Checked once main has saved it (the box shows the saved setting): a click, then its state.
  const autoCopy = settings.getByRole('checkbox', {
    name: 'Copiar los enlaces automáticamente al terminar una subida',
  })
  await autoCopy.click()
  await expect(autoCopy).toBeChecked()
  await settings.getByRole('button', { name: 'Cerrar' }).click()

  const sidebar = page.getByRole('complementary', { name: 'Barra lateral' })
  await expect(sidebar.getByRole('button', { name: 'Archivos eliminados' })).toBeVisible()
  await expect(sidebar.getByRole('button', { name: 'Configuración' })).toBeVisible()

  // The toast of a finished batch comes from main's event stream, subscribed before the window first rendered.
  await dragFiles(page, [{ name: 'hola.txt', text: 'hola' }])
  if (electronMode) {
    // Main owns the clipboard in Electron and copies the pack itself: the page has nothing to say.
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 20_000 })
      .toMatch(/^https?:\/\//)
  } else {
    await expect(
      page.getByRole('region', { name: 'Notificaciones' }).getByText('Enlaces copiados al portapapeles'),
      // Shown once the upload has finished, which takes as long as expectStatus allows an upload.
    ).toBeVisible({ timeout: 20_000 })
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^https?:\/\//)
  }
})
