import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Builds the renderer only. The same bundle is loaded by Electron (file://) and by the browser host (http://),
// so asset paths are relative.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: true,
    // The main chunk carries zod (the contract's schemas) and React; the dashboard's charts load lazily.
    chunkSizeWarningLimit: 700,
  },
})
