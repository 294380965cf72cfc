import { create } from 'zustand'

/**
 * What the last server answers said about reaching the host. Set by the query client's error hook; the banner
 * reads it. `network` clears on the next success; `auth` clears when the account changes.
 */
interface ConnectionState {
  problem: null | { kind: 'network' | 'auth'; message: string }
  /** The renderer's own link to main: only the browser host's WebSocket can be other than 'open'. */
  link: 'open' | 'connecting' | 'closed'
  report: (problem: ConnectionState['problem']) => void
  setLink: (link: ConnectionState['link']) => void
}

export const useConnection = create<ConnectionState>()((set) => ({
  problem: null,
  link: 'open',
  report: (problem) => set({ problem }),
  setLink: (link) => set({ link }),
}))
