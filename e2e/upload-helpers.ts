import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page } from '@playwright/test'
import type { SandboxHandle } from '../sandbox/server.ts'
import { apiGet, createFolder, type SandboxRef } from '../sandbox/testing/api-calls.ts'
import { type Host, openWithAccount } from './fixtures.ts'

/** A file to drop: its name and either text or a size (filled with a repeated byte). */
export interface DropFile {
  name: string
  text?: string
  size?: number
}

/**
 * Drags files from "the OS" onto the window: a DataTransfer built in the page from File objects, carried by
 * dragenter/dragover, then dropped (`drop: false` stops before the drop, to look at the overlay).
 */
export async function dragFiles(page: Page, files: DropFile[], o: { drop?: boolean } = {}): Promise<void> {
  await page.evaluate(
    ({ files, drop }) => {
      const w = window as unknown as { __drag?: DataTransfer }
      const dt = new DataTransfer()
      for (const f of files) dt.items.add(new File([f.text ?? 'x'.repeat(f.size ?? 1)], f.name))
      w.__drag = dt
      const fire = (type: string) =>
        document.body.dispatchEvent(
          new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }),
        )
      fire('dragenter')
      fire('dragover')
      if (drop) fire('drop')
    },
    { files, drop: o.drop ?? true },
  )
}

/** Drops what dragFiles(…, { drop: false }) is holding. */
export async function dropHeld(page: Page): Promise<void> {
  await page.evaluate(() => {
    const dt = (window as unknown as { __drag?: DataTransfer }).__drag
    document.body.dispatchEvent(
      new DragEvent('drop', { dataTransfer: dt ?? null, bubbles: true, cancelable: true }),
    )
  })
}

/** Drops files on the window and waits until each has landed (its queue row says Done). */
export async function dropAndLand(page: Page, files: DropFile[]): Promise<void> {
  await dragFiles(page, files)
  for (const f of files) await expectStatus(page, f.name, 'Done')
}

/** Opens the upload history view; returns its list. */
export async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'Upload history' }).click()
  // The view loads on its first visit (a chunk of its own): what comes after measures it, not the spinner before it.
  await expect(page.getByRole('heading', { name: 'Upload history' })).toBeVisible()
  return page.getByRole('list', { name: 'Upload history' })
}

/** A folder `name` made on the host, then the app opened with the account and showing that folder; its id. */
export async function openInNewFolder(
  page: Page,
  host: Host,
  sandbox: SandboxHandle,
  name: string,
): Promise<number> {
  const fldId = await createFolder(sandbox, name)
  await openWithAccount(page, host, sandbox)
  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name }).click()
  return fldId
}

export function queueRow(page: Page, name: string) {
  return page.getByRole('list', { name: 'Transfers' }).getByRole('listitem', { name })
}

/** Waits for the row's status line to say `text` (a string is a substring, as people read it). */
export async function expectStatus(page: Page, name: string, text: string | RegExp): Promise<void> {
  await expect(queueRow(page, name).getByTestId('queue-item-status')).toContainText(text, { timeout: 20_000 })
}

export async function openUploadMenu(page: Page) {
  await page.getByRole('button', { name: 'Upload…' }).click()
  return page.getByRole('menu')
}

/** Opens the upload queue's panel with its settings, from the Upload menu; returns the panel. */
export async function openQueueSettings(page: Page) {
  await (await openUploadMenu(page)).getByRole('menuitem', { name: 'Queue and settings…' }).click()
  return page.getByRole('region', { name: 'Transfers' })
}

export interface HostFolder {
  fld_id: number | string
  name: string
}

/** The folder named `name` directly under `parent`, by the host's own listing. */
export async function hostFolder(sb: SandboxRef, name: string, parent = 0): Promise<number> {
  const list = await apiGet<{ folders: HostFolder[] }>(sb, 'folder/list', { fld_id: parent })
  const found = list.folders.find((f) => f.name === name)
  if (!found) throw new Error(`no folder ${name} under ${parent}: ${JSON.stringify(list.folders)}`)
  return Number(found.fld_id)
}

export async function hostFileNames(sb: SandboxRef, fldId: number): Promise<string[]> {
  const list = await apiGet<{ files: Array<{ name: string }> }>(sb, 'folder/list', { fld_id: fldId })
  return list.files.map((f) => f.name).sort()
}

/** A tiny HTTP server on 127.0.0.1 for the host to fetch a remote URL from. */
export async function serveFile(
  name: string,
  body: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url !== `/${name}`) {
      res.statusCode = 404
      res.end()
      return
    }
    res.setHeader('Content-Type', 'text/plain')
    res.setHeader('Content-Length', Buffer.byteLength(body))
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Sandbox faults at run time (GET /sandbox/faults), e.g. { error_rate: 1 } for a host answering 5xx, or
 * { disallow: 'folder/rename' } for one whose API does not offer an operation.
 */
export async function setFaults(sb: SandboxRef, faults: Record<string, number | string>): Promise<void> {
  const url = new URL('/sandbox/faults', sb.baseUrl)
  url.searchParams.set('key', sb.apiKey)
  for (const [k, v] of Object.entries(faults)) url.searchParams.set(k, String(v))
  const res = await fetch(url)
  if (!res.ok) throw new Error(`setting faults failed: ${res.status}`)
}
