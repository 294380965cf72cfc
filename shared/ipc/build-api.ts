import type { Result } from '../result.ts'
import { type ChannelName, channelNames } from './channels.ts'
import type { FiledockApi, Invoke } from './types.ts'

/**
 * Builds the nested FiledockApi from the channel list over one `invoke`. The preload and the WebSocket client
 * share it, so both hosts expose exactly the same functions and nothing else. Functions are plain closures
 * (no prototype, no `this`) so contextBridge can copy them.
 */
export function buildApi(invoke: Invoke): FiledockApi {
  const groups: Record<string, Record<string, (input?: unknown) => Promise<Result<unknown>>>> = {}
  for (const channel of channelNames) {
    const [group, method] = splitChannel(channel)
    groups[group] ??= {}
    groups[group][method] = (input?: unknown) => invoke(channel, input === undefined ? {} : input)
  }
  // The cast is the one place the runtime shape meets the mapped type; the test suite checks it channel by channel.
  return groups as unknown as FiledockApi
}

export function splitChannel(channel: ChannelName): [group: string, method: string] {
  const dot = channel.indexOf('.')
  return [channel.slice(0, dot), channel.slice(dot + 1)]
}
