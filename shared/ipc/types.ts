import type { z } from 'zod'
import type { Result } from '../result.ts'
import type { ChannelName } from './channels.ts'
import type { Contract } from './contract.ts'
import type { AppEventListener } from './events.ts'

/** What a caller sends (before defaults and trimming). */
export type InputOf<K extends ChannelName> = z.input<Contract[K]['input']>
/** What a handler receives: the input after main parsed it. */
export type ParsedInputOf<K extends ChannelName> = z.output<Contract[K]['input']>
export type OutputOf<K extends ChannelName> = Contract[K] extends { readonly __output?: infer O } ? O : never

/** Main's side: one function per channel. A missing or extra handler is a compile error. */
export type Handlers = { [K in ChannelName]: (input: ParsedInputOf<K>) => Promise<OutputOf<K>> }

export type GroupName = ChannelName extends `${infer G}.${string}` ? G : never
type MethodOf<K extends ChannelName, G extends string> = K extends `${G}.${infer M}` ? M : never

/** Channels whose input has no required field may be called without an argument: `api.accounts.list()`. */
export type CallOf<K extends ChannelName> =
  Record<never, never> extends InputOf<K>
    ? (input?: InputOf<K>) => Promise<Result<OutputOf<K>>>
    : (input: InputOf<K>) => Promise<Result<OutputOf<K>>>

/** The renderer's side, nested by group: `api.folders.list({ fldId: 0 })`. */
export type FiledockApi = {
  readonly [G in GroupName]: { readonly [K in ChannelName as MethodOf<K, G>]: CallOf<K> }
}

/** What a host may offer beyond the contract; the renderer checks for each before using it. */
export interface HostCapabilities {
  /**
   * Electron only (webUtils.getPathForFile in the preload): the absolute path of each dropped or picked File, in
   * order; '' for a File that has no path (made in the page). Browsers never reveal paths, so the browser host
   * stages dropped files instead (web/staging-route.ts).
   */
  readonly pathsForFiles?: (files: readonly File[]) => string[]
}

/** What both hosts hand the renderer: `window.filedock` (Electron) or the WebSocket client (browser). */
export type FiledockBridge = FiledockApi &
  HostCapabilities & {
    /** Listeners get the event only (never a transport object); returns the unsubscribe function. */
    onEvent(listener: AppEventListener): () => void
  }

/** The transport primitive both bridges are built on: one untyped round trip that never rejects. */
export type Invoke = (channel: ChannelName, input: unknown) => Promise<Result<unknown>>
