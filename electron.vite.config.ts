import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { contentSecurityPolicy } from './src/shared/content-security-policy'

/**
 * The window's development policy, for `npm run dev` only: the release policy (src/shared/content-security-policy.ts,
 * its one owner) with React's inline refresh preamble and Vite's hot-reload socket let through; without them the dev
 * window stayed blank. Built pages are served by the app with the release policy.
 */
export const DEV_SERVER_CSP = contentSecurityPolicy({
  'script-src': "'self' 'unsafe-inline'",
  'connect-src': "'self' ws://localhost:* ws://127.0.0.1:*"
})

/** Sends DEV_SERVER_CSP with every dev-server response (a header, as app:// sends the release one). */
export function devServerCsp(): Plugin {
  return {
    name: 'sender-desk:dev-server-csp',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((_request, response, next) => {
        response.setHeader('Content-Security-Policy', DEV_SERVER_CSP)
        next()
      })
    }
  }
}

const ENGLISH = resolve('src/shared/i18n/en.ts')
const ENGLISH_AT_START = resolve('src/renderer/src/i18n/english-at-start.ts')
/** The one window module that loads the whole English table (after the shell). */
const ENGLISH_LOADER = resolve('src/renderer/src/i18n/strings.ts')

/**
 * The window's start carries English's start strings only (en-start.ts), not the whole table: every import of
 * shared/i18n/en in the window gets english-at-start.ts, except the loader's, which brings the rest after the shell
 * (issue 29: 87 kB of strings cost the first load 6-11 ms; the start needs about 8 kB). The main process keeps the
 * whole table. test/boot/window-start.test.ts fails if the start chunk names a key the start strings lack.
 */
export function englishAtStart(): Plugin {
  return {
    name: 'sender-desk:english-at-start',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer === ENGLISH_LOADER || !/(^|\/)en(\.ts)?$/.test(source)) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved?.id === ENGLISH ? ENGLISH_AT_START : null
    }
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
    plugins: [react(), devServerCsp(), englishAtStart()],
    resolve: {
      // The window loads its operator's strings itself (src/renderer/src/i18n/strings.ts). notes.ts is the main
      // process's door to the note functions, with every language's table: in the window it is note-text.ts, the same
      // functions over the lookup alone, so no import of it brings Indonesian back into every operator's start.
      alias: [
        {
          find: /^(.*\/shared\/i18n)\/notes$/,
          replacement: '$1/note-text'
        }
      ]
    },
    build: {
      // electron-vite leaves builds unminified: a minified window parses and starts faster (issue #18).
      minify: true,
      rolldownOptions: {
        input: resolve('src/renderer/index.html'),
        // Everything the window's start imports in one chunk: split by what the on-demand views share with it, the
        // start was nine module files, each a request, a response and a compile before the shell (issue 29).
        output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } }
      }
    }
  }
})
