import type { Handlers } from '../../shared/ipc/types.ts'
import type { WatchService } from './watch-service.ts'

type WatchChannels = 'watch.list' | 'watch.add' | 'watch.setPaused' | 'watch.remove'

export function watchHandlers(service: WatchService): Pick<Handlers, WatchChannels> {
  return {
    'watch.list': async () => service.list(),
    'watch.add': (input) => service.add(input),
    'watch.setPaused': ({ id, paused }) => service.setPaused(id, paused),
    'watch.remove': async ({ id }) => {
      await service.remove(id)
      return null
    },
  }
}
