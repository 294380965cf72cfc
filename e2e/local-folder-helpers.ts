import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, type Host } from './fixtures.ts'

/**
 * Browse… to `folder`, which exists. Under Electron, Browse… is the OS's own folder dialog: it is answered in main
 * with `folder`, as a user picking it would, and the options the app opened it with are returned (where it
 * started). In the browser host, the page's picker of the machine's folders: opened at the parent, `folder`
 * entered by a double click and chosen.
 */
export async function browseTo(
  page: Page,
  host: Host,
  browse: Locator,
  pickerName: string,
  folder: string,
): Promise<{ defaultPath?: string } | null> {
  if (host.electron) {
    await host.electron.evaluate(({ dialog }, chosen) => {
      const seen = globalThis as { lastFolderDialog?: unknown }
      dialog.showOpenDialog = async (...args: unknown[]) => {
        seen.lastFolderDialog = args.at(-1)
        return { canceled: false, filePaths: [chosen] }
      }
    }, folder)
    await browse.click()
    return host.electron.evaluate(
      () => (globalThis as { lastFolderDialog?: { defaultPath?: string } }).lastFolderDialog ?? null,
    )
  }
  await browse.click()
  const picker = page.getByRole('dialog', { name: pickerName })
  await expect(picker.getByTestId('local-path')).toHaveText(path.dirname(folder))
  await picker
    .getByRole('listbox', { name: 'Folders' })
    .getByRole('option', { name: path.basename(folder) })
    .dblclick()
  await expect(picker.getByTestId('local-path')).toHaveText(folder)
  await picker.getByRole('button', { name: `Choose “${path.basename(folder)}”` }).click()
  await expect(picker).toHaveCount(0)
  return null
}
