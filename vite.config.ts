import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chunkBudget } from './scripts/vite-chunk-budget.ts'
import {
  englishFromCatalogue,
  isCatalogueOf,
  parserFree,
  precompiledCatalogues,
} from './scripts/vite-i18n.ts'
import { DEFAULT_LOCALE } from './shared/i18n/locales.ts'

/**
 * kB (1,000 bytes) of JavaScript the window may read before its first paint: the entry chunk, its static imports,
 * and the default language's catalogue, which IntlRoot waits for before it draws anything; past it the build fails
 * (scripts/vite-chunk-budget.ts, which `vite build` reports). The precompiled catalogues took the parser and the
 * code's English out (849 → 782 kB of code), the views a window does not start in load on first visit (→ 759 kB),
 * the language is chosen without CLDR's matcher (→ 735 kB), the window imports none of the contract's schemas and
 * loads the field rules (zod) and the dialogs after its first paint (→ 603 kB); English's compiled catalogue is
 * 188 kB more: 791 kB; with drag-out and the window's own connection words, 799 kB. The budget leaves 11 kB of
 * room: zod (87 kB) or the matcher (23 kB) coming back fails it (as it did when drag-out's limits came from the
 * channel schemas: 885 kB).
 */
const CHUNK_BUDGET_KB = 810

// Builds the renderer only. The same bundle is loaded by Electron (file://) and by the browser host (http://),
// so asset paths are relative.
export default defineConfig({
  root: 'renderer',
  base: './',
  // The catalogues arrive compiled, so react-intl needs no message parser in the window.
  plugins: [
    precompiledCatalogues(),
    englishFromCatalogue(fileURLToPath(new URL('shared/i18n/messages/en.json', import.meta.url))),
    react(),
    chunkBudget(CHUNK_BUDGET_KB, isCatalogueOf(DEFAULT_LOCALE)),
  ],
  resolve: { alias: [parserFree()] },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: true,
    // No one chunk comes near the budget: React is most of the main one; the dashboard's charts load lazily.
    chunkSizeWarningLimit: CHUNK_BUDGET_KB,
  },
})
