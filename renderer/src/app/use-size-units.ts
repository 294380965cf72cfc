import { useQuery } from '@tanstack/react-query'
import type { SizeUnits } from '../../../shared/ipc/settings.ts'
import { call } from '../lib/call.ts'
import { setSizeUnits } from '../lib/format.ts'
import { keys } from '../lib/query-keys.ts'
import { api } from './bridge.ts'

/**
 * The saved unit setting, applied to format.ts before anything below the shell renders a size. It selects only
 * `sizeUnits` from the settings, so the shell re-renders when the unit changes and not on every other setting
 * (a whole-window render on each switch would lag the switch itself).
 */
export function useSizeUnits(): SizeUnits {
  const { data } = useQuery({
    queryKey: keys.settings(),
    queryFn: () => call(api.settings.get()),
    staleTime: Number.POSITIVE_INFINITY,
    select: (s) => s.sizeUnits,
  })
  const units = data ?? 'decimal'
  setSizeUnits(units)
  return units
}
