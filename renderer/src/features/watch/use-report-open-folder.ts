import { useEffect } from 'react'
import { api } from '../../app/bridge.ts'

/**
 * Tells main which folder the window shows, so files the OS hands to Filedock (Open with, Send to) land where
 * the user is looking. null outside a folder view. Fire and forget: a lost report only means the root.
 */
export function useReportOpenFolder(accountId: string, fldId: number | null): void {
  useEffect(() => {
    void api.app.setOpenFolder({ location: accountId === '' || fldId === null ? null : { accountId, fldId } })
  }, [accountId, fldId])
}
