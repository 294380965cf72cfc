import type { FiledockApi } from '../../../../shared/ipc/types.ts'
import type { DragPick } from './drag-way.ts'

/** The one call this needs: drag.cached of the window's bridge. */
export type AskCached = FiledockApi['drag']['cached']

/**
 * Which of the picked files have their copies whole in main's drag cache, as main last answered (drag.cached), so
 * a dragstart, which must decide before it returns, knows which picks drag out at once (drag-way.ts).
 *
 * Decisions (after the review of drag-out; the window kept its own list of copies before, which missed other
 * windows' drags, an earlier run's copies and main's evictions):
 * - Main is asked, nothing is kept here but its latest answer: it is asked when the selection changes, before any
 *   drag of it can start; again after this window's drag.prepare (the copies it fetched, and what its eviction
 *   removed); and again when the window gets the focus back, which it does after a drag in another window. No
 *   event from main: the question is needed anyway (a window opens on a cache an earlier run filled), and these
 *   three moments are the only ones a drag of this window can follow.
 * - A pick asked about only where the answer can change the drag's way (drag-way.ts cacheDecides): most picks
 *   are small enough to drag out whatever the cache holds, so most selection changes ask nothing.
 * - The latest question wins: an answer to an older one is dropped. Until it comes, a pick counts as not ready
 *   (the page's drag, which moves at once); a copy main removed meanwhile is fetched again by prepare, under its
 *   own size limit.
 */
export class ReadyCopies {
  private question: { accountId: string; fileCodes: string[] } | null = null
  private answer: { accountId: string; ready: ReadonlySet<string> } | null = null
  private asked = 0

  constructor(private readonly ask: AskCached) {}

  /** The window's picks changed: null when no answer can change their drag. Resolves once answered. */
  follow(accountId: string | null, picked: readonly DragPick[] | null): Promise<void> {
    this.question =
      accountId === null || picked === null ? null : { accountId, fileCodes: picked.map((f) => f.fileCode) }
    return this.askAgain()
  }

  /** The cache may have changed (a drag prepared, the window back in focus): the same question again. */
  async askAgain(): Promise<void> {
    const n = ++this.asked
    const question = this.question
    if (question === null) {
      this.answer = null
      return
    }
    const answered = await this.ask(question)
    if (n !== this.asked) return
    this.answer = answered.ok ? { accountId: question.accountId, ready: new Set(answered.value.ready) } : null
  }

  has(accountId: string, f: DragPick): boolean {
    return this.answer?.accountId === accountId && this.answer.ready.has(f.fileCode)
  }
}
