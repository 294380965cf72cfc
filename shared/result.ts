import type { FiledockErrorData } from './errors.ts'

/** How every IPC answer travels: Electron keeps only `message` of a thrown error, so errors are values. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: FiledockErrorData }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = <T = never>(error: FiledockErrorData): Result<T> => ({ ok: false, error })
