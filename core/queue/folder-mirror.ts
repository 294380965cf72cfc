import type { ApiClient } from '../api/client.ts'

/**
 * Creates a dropped folder tree on the host, reusing folders that already exist there. folder/create is not
 * idempotent (the same name twice makes twins), so:
 *  - each parent is listed once before anything is created under it, and an existing folder of the same name is
 *    reused (of pre-existing twins, the lowest fld_id, so every run picks the same one);
 *  - creation of one (account, parent, name) is a single shared promise, so two workers never both create it;
 *  - a failed create (a cut answer may hide a success) drops the cached listing, so the retry lists again and
 *    finds the folder if it was made.
 * After a restart the memory is empty and the listing is taken again, which is what makes a crash between
 * folder/create and the file upload harmless.
 */
const LISTING_TTL_MS = 60_000

/** A folder the mirror made on the host (folder/create answered). */
export interface MirroredFolder {
  accountId: string
  parentId: number
  fldId: number
  name: string
}

export class FolderMirror {
  private readonly listings = new Map<string, { at: number; p: Promise<Map<string, number>> }>()
  private readonly creating = new Map<string, Promise<number>>()

  /**
   * `signal` is the engine's lifetime, not an item's: a listing or create is shared by every item that needs the
   * folder, so one item being paused must not abort it for the others. `onCreated` hears of each folder made
   * (not of one reused): the app writes it into its index, so the open folder lists it at once.
   */
  constructor(
    private readonly signal?: AbortSignal,
    private readonly onCreated?: (folder: MirroredFolder) => void,
  ) {}

  /** The fld_id of `relDir` under `baseFldId`, creating what is missing. */
  async ensure(
    accountId: string,
    client: ApiClient,
    baseFldId: number,
    relDir: readonly string[],
  ): Promise<number> {
    let parent = baseFldId
    for (const name of relDir) parent = await this.child(accountId, client, parent, name)
    return parent
  }

  /** The fld_id of `relDir` under `baseFldId` if the whole path already exists; creates nothing. */
  async find(
    accountId: string,
    client: ApiClient,
    baseFldId: number,
    relDir: readonly string[],
  ): Promise<number | null> {
    let parent = baseFldId
    for (const name of relDir) {
      const child = (await this.listing(`${accountId}\u0000${parent}`, client, parent, this.signal)).get(name)
      if (child === undefined) return null
      parent = child
    }
    return parent
  }

  /** Forget what we know of an account's folders (one was deleted or moved behind our back). */
  forget(accountId: string): void {
    for (const key of [...this.listings.keys()])
      if (key.startsWith(`${accountId}\u0000`)) this.listings.delete(key)
  }

  private async child(accountId: string, client: ApiClient, parent: number, name: string): Promise<number> {
    const signal = this.signal
    const parentKey = `${accountId}\u0000${parent}`
    const existing = (await this.listing(parentKey, client, parent, signal)).get(name)
    if (existing !== undefined) return existing
    const key = `${parentKey}\u0000${name}`
    let pending = this.creating.get(key)
    if (!pending) {
      pending = (async () => {
        // Looked up again inside the serialised section: another worker's create may have landed meanwhile.
        const known = (await this.listing(parentKey, client, parent, signal)).get(name)
        if (known !== undefined) return known
        try {
          const { fldId } = await client.folderCreate(name, parent, { signal })
          ;(await this.listing(parentKey, client, parent, signal)).set(name, fldId)
          this.onCreated?.({ accountId, parentId: parent, fldId, name })
          return fldId
        } catch (err) {
          this.listings.delete(parentKey)
          throw err
        }
      })().finally(() => this.creating.delete(key))
      this.creating.set(key, pending)
    }
    return pending
  }

  private listing(
    key: string,
    client: ApiClient,
    parent: number,
    signal: AbortSignal | undefined,
  ): Promise<Map<string, number>> {
    const cached = this.listings.get(key)
    // A listing is trusted for LISTING_TTL_MS: long enough to serve one drop, short enough that folders made
    // elsewhere (the file browser, the host's web UI) since are seen before we create a twin.
    if (cached && performance.now() - cached.at < LISTING_TTL_MS) return cached.p
    const p = client.folderList(parent, { signal }).then((l) => {
      const byName = new Map<string, number>()
      for (const f of [...l.folders].sort((a, b) => a.fldId - b.fldId)) {
        if (!byName.has(f.name)) byName.set(f.name, f.fldId)
      }
      return byName
    })
    const entry = { at: performance.now(), p }
    this.listings.set(key, entry)
    p.catch(() => {
      if (this.listings.get(key) === entry) this.listings.delete(key)
    })
    return p
  }
}
