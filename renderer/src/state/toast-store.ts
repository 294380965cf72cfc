import { create } from 'zustand'
import { windowIntl } from '../i18n/window-intl.ts'
import type { Words } from '../i18n/words.ts'

/**
 * A toast's words, formatted each time the toast is drawn (Toaster) in the window's language of that moment: a
 * change of language re-words the toasts on screen, and main's errors in them (errorMessage) follow too.
 */
export type ToastWords = Words

/**
 * What a toast reports, shown by its icon: done (success), a note (info), the app declining to act on what was
 * asked (refusal: "Nothing to undo", "Select files to copy their links"), and a failure (error).
 */
export type ToastTone = 'success' | 'info' | 'refusal' | 'error'

/** A button in the toast that acts on what the toast reports ("Undo"). */
export interface ToastAction {
  label: ToastWords
  run: () => void
  /** Names what the button acts on, so the toast can go once that is spent elsewhere (the undo ran by Ctrl+Z). */
  id?: string
}

export interface Toast {
  id: number
  message: ToastWords
  tone: ToastTone
  action?: ToastAction
  /** Set on a toast updated in place (a move's progress): the same key replaces its message. */
  key?: string
}

interface ToastState {
  toasts: Toast[]
  /** Docked toasters mounted (the shell's notice dock); while there is one, the floating stack stays empty. */
  docks: number
  push: (message: ToastWords, tone?: ToastTone, action?: ToastAction) => void
  dismiss: (id: number) => void
  /**
   * Shows or updates the toast named `key` in place (one toast for a long task, not one per step). It goes when
   * dismissed by key, or after PROGRESS_SILENCE_MS without an update (its task died without a last word).
   */
  upsert: (key: string, message: ToastWords, tone?: ToastTone) => void
  dismissKey: (key: string) => void
  /** Removes the toasts whose action is `actionId`: its button would act on something already done. */
  dismissAction: (actionId: string) => void
  /** Registers a docked toaster; returns its removal. */
  mountDock: () => () => void
  /**
   * A modal dialog covers the toasts (it lies over them, so none sits on its buttons): their time stands still
   * until the last dialog closes, so a toast shown just before a dialog opened is not gone unread behind it.
   * Returns the uncovering; idempotent.
   */
  cover: () => () => void
}

const LIFETIME_MS = { success: 3500, info: 3500, refusal: 4500, error: 7000 } as const
/** A toast with a button stays long enough to read it and reach for the button. */
const ACTION_LIFETIME_MS = 8000
const MAX_SHOWN = 4
const PROGRESS_SILENCE_MS = 30_000
let nextId = 1
const keyedTimers = new Map<string, ReturnType<typeof setTimeout>>()

/** Each shown toast's way out: a running timer, or, while a dialog covers them, the time it had left. */
const lifetimes = new Map<
  number,
  { timer: ReturnType<typeof setTimeout> | null; due: number; left: number }
>()
let covers = 0

function startLifetime(id: number, ms: number, dismiss: (id: number) => void): void {
  const timer = covers > 0 ? null : setTimeout(() => dismiss(id), ms)
  lifetimes.set(id, { timer, due: Date.now() + ms, left: ms })
}

function pauseLifetimes(): void {
  for (const life of lifetimes.values()) {
    if (life.timer === null) continue
    clearTimeout(life.timer)
    life.timer = null
    life.left = Math.max(0, life.due - Date.now())
  }
}

function resumeLifetimes(dismiss: (id: number) => void): void {
  for (const [id, life] of lifetimes) {
    if (life.timer !== null) continue
    life.due = Date.now() + life.left
    life.timer = setTimeout(() => dismiss(id), life.left)
  }
}

export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  docks: 0,
  push: (message, tone = 'success', action) => {
    const id = nextId++
    const shown: Toast = action ? { id, message, tone, action } : { id, message, tone }
    // The same words said again (a second copy of the same link) renew the toast rather than stack a twin:
    // two identical lines read as two events the user did not cause. Compared as the window reads them now.
    const intl = windowIntl()
    const said = message(intl)
    const twin = (t: Toast) => !action && !t.action && !t.key && t.tone === tone && t.message(intl) === said
    set((s) => ({ toasts: [...s.toasts.filter((t) => !twin(t)), shown].slice(-MAX_SHOWN) }))
    startLifetime(
      id,
      action ? Math.max(ACTION_LIFETIME_MS, LIFETIME_MS[tone]) : LIFETIME_MS[tone],
      get().dismiss,
    )
  },
  dismiss: (id) => {
    const life = lifetimes.get(id)
    if (life?.timer) clearTimeout(life.timer)
    lifetimes.delete(id)
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }))
  },
  upsert: (key, message, tone = 'info') => {
    clearTimeout(keyedTimers.get(key))
    keyedTimers.set(
      key,
      setTimeout(() => get().dismissKey(key), PROGRESS_SILENCE_MS),
    )
    set((s) =>
      s.toasts.some((t) => t.key === key)
        ? { toasts: s.toasts.map((t) => (t.key === key ? { ...t, message, tone } : t)) }
        : { toasts: [...s.toasts, { id: nextId++, message, tone, key }].slice(-MAX_SHOWN) },
    )
  },
  dismissKey: (key) => {
    clearTimeout(keyedTimers.get(key))
    keyedTimers.delete(key)
    set((s) => ({ toasts: s.toasts.filter((t) => t.key !== key) }))
  },
  dismissAction: (actionId) => set((s) => ({ toasts: s.toasts.filter((t) => t.action?.id !== actionId) })),
  mountDock: () => {
    set((s) => ({ docks: s.docks + 1 }))
    let mounted = true
    // Idempotent: an effect cleanup that runs twice must not unregister another toaster's dock.
    return () => {
      if (!mounted) return
      mounted = false
      set((s) => ({ docks: s.docks - 1 }))
    }
  },
  cover: () => {
    if (covers++ === 0) pauseLifetimes()
    let covering = true
    return () => {
      if (!covering) return
      covering = false
      if (--covers === 0) resumeLifetimes(get().dismiss)
    }
  },
}))

/** For code outside React (mutation callbacks, the event router). */
export const toast = {
  success: (message: ToastWords, action?: ToastAction) =>
    useToasts.getState().push(message, 'success', action),
  error: (message: ToastWords, action?: ToastAction) => useToasts.getState().push(message, 'error', action),
  info: (message: ToastWords) => useToasts.getState().push(message, 'info'),
  refuse: (message: ToastWords) => useToasts.getState().push(message, 'refusal'),
}
