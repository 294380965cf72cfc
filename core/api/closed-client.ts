/**
 * undici's codes for a request handed to a dispatcher this process already closed (ClientClosedError while it
 * closes, ClientDestroyedError once it has): the host was never asked. Connections the host (or the path to it)
 * cuts have codes of their own (UND_ERR_SOCKET, ECONNRESET).
 */
const CLOSED_HERE: ReadonlySet<unknown> = new Set(['UND_ERR_CLOSED', 'UND_ERR_DESTROYED'])

/**
 * Whether a call failed because the app closed its client under it (ClientPool drops an account's client when
 * its address or key changes): the app's own doing, never the host's failure. The error the client throws
 * carries undici's error as its cause.
 */
export function failedOnClosedClient(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (CLOSED_HERE.has((e as { code?: unknown }).code)) return true
  }
  return false
}
