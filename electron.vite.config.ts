import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'

/**
 * The window's development policy, for `npm run dev` only. index.html carries the release CSP, whose
 * `script-src 'self'` blocks the React plugin's inline refresh preamble and whose `connect-src 'none'` blocks Vite's
 * hot-reload socket: the dev window stayed blank. Built pages keep the release policy untouched.
 */
export const DEV_SERVER_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
  "base-uri 'none'",
  "form-action 'none'"
].join('; ')

export function devServerCsp(): Plugin {
  return {
    name: 'sender-desk:dev-server-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(
        /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/,
        (_whole, start: string, end: string) => `${start}${DEV_SERVER_CSP}${end}`
      )
  }
}

export default defineConfig({
  main: {
    build: {
      // Bundled, not loaded from node_modules: each is about 95 module files that a fresh process (the app's main, a
      // CLI command) resolved, read and compiled one by one before its first line ran (issue 18).
      externalizeDeps: { exclude: ['zod', 'libphonenumber-js'] },
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
      // electron-vite leaves builds unminified; the preload is parsed before every page load.
      minify: true,
      rolldownOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: resolve('src/renderer'),
    plugins: [react(), devServerCsp()],
    build: {
      // electron-vite leaves builds unminified: a minified window parses and starts faster (issue #18).
      minify: true,
      rolldownOptions: { input: resolve('src/renderer/index.html') }
    }
  }
})
