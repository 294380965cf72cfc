import type { AppInfo } from '../../../shared/ipc/contract.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'

export function appHandlers(info: Omit<AppInfo, 'name' | 'platform'>): Pick<Handlers, 'app.info'> {
  return {
    'app.info': async () => ({
      name: 'Filedock',
      version: info.version,
      host: info.host,
      platform: process.platform,
      dragOut: info.dragOut,
    }),
  }
}
