/**
 * Runs tasks one after another, in the order they were queued, whatever each one's outcome: the account
 * store's writes go through one, so two quick changes cannot both read the old settings and lose one.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task)
    this.tail = result.catch(() => undefined)
    return result
  }
}
