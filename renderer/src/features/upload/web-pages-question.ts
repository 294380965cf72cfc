import { create } from 'zustand'
import type { WebPageChoice } from '../../../../shared/url-check.ts'

/** URLs that turned out to be web pages, waiting for the person's one answer (WebPagesDialog). */
interface WebPagesQuestion {
  urls: string[]
  answer: (choice: WebPageChoice) => void
}

interface WebPagesState {
  question: WebPagesQuestion | null
  ask: (urls: string[]) => Promise<WebPageChoice>
}

export const useWebPagesQuestion = create<WebPagesState>()((set, get) => ({
  question: null,
  ask: (urls) =>
    new Promise((resolve) => {
      // A second submission while the first still waits: the first keeps the safe default (skip).
      get().question?.answer('skip')
      const question: WebPagesQuestion = {
        urls,
        answer: (choice) => {
          if (get().question === question) set({ question: null })
          resolve(choice)
        },
      }
      set({ question })
    }),
}))
