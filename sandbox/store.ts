import { dayOf } from './envelope.ts'
import type { Account, DayStats, Entry, FileRec, Folder, Session } from './model.ts'
import { profitPerDownload } from './model.ts'
import { seedAccount } from './seed.ts'
import { insertBySeq, removeBySeq } from './sorted.ts'

type FileEntry = Extract<Entry, { t: 'file' }>

/**
 * All sandbox state, in memory, with the indexes the routes need: accounts by key, files by code (alive and
 * deleted, so a code is never reused), folders by id, and per account / per folder file arrays kept in upload
 * order so a list page is a slice from the end. The only way to change it is `apply(entry)`, used both live
 * (before the entry is journaled) and when the journal is replayed at start, so the two can never disagree.
 */
export class Store {
  secret = ''
  readonly accounts = new Map<number, Account>()
  readonly byKey = new Map<string, Account>()
  readonly files = new Map<string, FileRec>()
  readonly folders = new Map<number, Folder>()
  readonly sessions = new Map<string, Session>()
  private nextAcct = 1
  private nextFolder = 1
  private nextSeq = 1

  newAccountId(): number {
    return this.nextAcct
  }

  newFolderId(): number {
    return this.nextFolder
  }

  apply(e: Entry): void {
    switch (e.t) {
      case 'init':
        this.secret = e.secret
        break
      case 'acct':
        this.addAccount(e)
        break
      case 'seed': {
        const acct = this.accounts.get(e.acct)
        if (acct) seedAccount(this, acct, e)
        break
      }
      case 'sess':
        this.sessions.set(e.id, { id: e.id, acct: e.acct, expires: e.exp })
        break
      case 'file':
        this.addFile(e)
        break
      case 'ren': {
        const rec = this.files.get(e.code)
        if (rec) {
          rec.name = e.name
          rec.nameLower = e.name.toLowerCase()
          rec.listJson = null
          rec.folderJson = null
        }
        break
      }
      case 'mv':
        this.moveFile(e.code, e.fld)
        break
      case 'del':
        this.deleteFile(e.code, e.at)
        break
      case 'fld':
        this.addFolder(e.id, e.acct, e.parent, e.name)
        break
      case 'fren': {
        const folder = this.folders.get(e.id)
        if (folder) folder.name = e.name
        break
      }
      case 'dl':
      case 'view':
        this.count(e.t, e.code, e.at)
        break
      case 'dls':
        this.addDownloads(e.code, e.n)
        break
      case 'day': {
        const acct = this.accounts.get(e.acct)
        if (!acct) break
        const stats = this.dayStats(acct, e.day)
        stats.downloads += e.downloads
        stats.views += e.views
        stats.profit += e.profit
        break
      }
    }
  }

  private addAccount(e: Extract<Entry, { t: 'acct' }>): void {
    const root: Folder = { id: 0, acct: e.id, parent: 0, name: '', children: [], files: [] }
    const acct: Account = {
      id: e.id,
      email: e.email,
      key: e.key,
      created: e.at,
      quota: e.quota,
      used: 0,
      root,
      files: [],
      deleted: [],
      stats: new Map(),
      seeded: false,
    }
    this.accounts.set(e.id, acct)
    this.byKey.set(e.key, acct)
    this.nextAcct = Math.max(this.nextAcct, e.id + 1)
  }

  addFolder(id: number, acctId: number, parentId: number, name: string): Folder | undefined {
    const acct = this.accounts.get(acctId)
    const parent = acct && this.folderOf(acct, parentId)
    if (!acct || !parent) return undefined
    const folder: Folder = { id, acct: acctId, parent: parentId, name, children: [], files: [] }
    this.folders.set(id, folder)
    parent.children.push(id)
    this.nextFolder = Math.max(this.nextFolder, id + 1)
    return folder
  }

  /** Adds a file record; also used by seeding, which passes its own download count and visibility. */
  addFile(e: FileEntry, downloads = 0, pub: 0 | 1 = 1): FileRec | undefined {
    const acct = this.accounts.get(e.acct)
    if (!acct || this.files.has(e.code)) return undefined
    const folder = this.folderOf(acct, e.fld) ?? acct.root
    const rec: FileRec = {
      code: e.code,
      acct: e.acct,
      name: e.name,
      nameLower: e.name.toLowerCase(),
      size: e.size,
      fld: folder.id,
      uploaded: e.at,
      uploadedText: null,
      listJson: null,
      folderJson: null,
      seq: this.nextSeq++,
      downloads,
      public: pub,
      blob: e.blob,
      virt: e.virt,
      deleted: null,
    }
    this.files.set(rec.code, rec)
    acct.files.push(rec)
    folder.files.push(rec)
    acct.used += rec.size
    return rec
  }

  private moveFile(code: string, fld: number): void {
    const rec = this.files.get(code)
    const acct = rec && this.accounts.get(rec.acct)
    const to = acct && this.folderOf(acct, fld)
    const from = acct && this.folderOf(acct, rec.fld)
    if (!rec || !to || !from || rec.deleted !== null) return
    removeBySeq(from.files, rec)
    insertBySeq(to.files, rec)
    rec.fld = fld
    rec.listJson = null
    rec.folderJson = null
  }

  private deleteFile(code: string, at: number): void {
    const rec = this.files.get(code)
    const acct = rec && this.accounts.get(rec.acct)
    if (!rec || !acct || rec.deleted !== null) return
    const folder = this.folderOf(acct, rec.fld)
    if (folder) removeBySeq(folder.files, rec)
    removeBySeq(acct.files, rec)
    rec.deleted = at
    acct.deleted.push(rec)
    acct.used -= rec.size
  }

  private count(kind: 'dl' | 'view', code: string, at: number): void {
    const rec = this.files.get(code)
    const acct = rec && this.accounts.get(rec.acct)
    if (!rec || !acct) return
    const day = this.dayStats(acct, dayOf(at))
    if (kind === 'view') {
      day.views++
      return
    }
    this.addDownloads(code, 1)
    day.downloads++
    day.profit += profitPerDownload
  }

  private addDownloads(code: string, n: number): void {
    const rec = this.files.get(code)
    if (!rec) return
    rec.downloads += n
    rec.listJson = null
  }

  dayStats(acct: Account, day: string): DayStats {
    let stats = acct.stats.get(day)
    if (!stats) {
      stats = { downloads: 0, views: 0, profit: 0 }
      acct.stats.set(day, stats)
    }
    return stats
  }

  /** Forgets expired upload sessions (they stay in the journal, harmlessly, until it is replayed). */
  pruneSessions(now: number): void {
    for (const [id, sess] of this.sessions) if (sess.expires <= now) this.sessions.delete(id)
  }

  folderOf(acct: Account, id: number): Folder | undefined {
    if (id === 0) return acct.root
    const folder = this.folders.get(id)
    return folder?.acct === acct.id ? folder : undefined
  }

  /** An alive file of this account. */
  fileOf(acct: Account, code: string): FileRec | undefined {
    const rec = this.files.get(code)
    return rec && rec.acct === acct.id && rec.deleted === null ? rec : undefined
  }

  /** An alive file of any account: public pages, downloads and files/check are not tied to a key. */
  aliveFile(code: string): FileRec | undefined {
    const rec = this.files.get(code)
    return rec?.deleted === null ? rec : undefined
  }

  /** Balance: everything the account ever earned (no payouts exist in the sandbox). */
  balance(acct: Account): number {
    let sum = 0
    for (const day of acct.stats.values()) sum += day.profit
    return sum
  }
}
