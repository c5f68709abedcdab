import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  main: {
    build: {
      // The CLI is built with the main process: same core, plain Node, no electron import.
      rolldownOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          cli: resolve('src/main/cli/index.ts')
        }
      }
    }
  },
  preload: {
    build: {
      // Sandboxed preloads cannot require node_modules: bundle zod and the contract in, as CommonJS.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: resolve('src/renderer'),
    plugins: [react()],
    build: {
      rolldownOptions: { input: resolve('src/renderer/index.html') }
    }
  }
})
