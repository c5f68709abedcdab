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

/** V8's explicit compile hint: every function in a file that starts with it is compiled while the file streams in. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * Marks the entry chunk (the window's start: React, the shell, the stores and strings) with COMPILE_HINT. Without it
 * V8 compiles each function on the page's main thread the first time it is called, and nearly every function in that
 * chunk is called before the shell is on screen; with it they are compiled beside the download on a background
 * thread (issue 29; figures in docs/perf-status.md, "First load (w/firstload)"). Chunks loaded on demand are left lazy:
 * most of their functions wait for the operator. The window bench builds its minimal app with this plugin too.
 */
export function compileHints(): Plugin {
  return {
    name: 'sender-desk:compile-hints',
    apply: 'build',
    // Last, after minification (which drops comments) and Vite's preload map (which goes on the first line): V8 reads
    // the hint only at the very top of the file.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) chunk.code = `${COMPILE_HINT}\n${chunk.code}`
        }
      }
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
    plugins: [react(), devServerCsp(), compileHints()],
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
