/** Bundles the bridge script for the browser (IIFE, classic script so it runs before the app's module). */
import { resolve } from 'node:path'
import { build, type Rolldown } from 'vite'

let cached: Promise<string> | undefined

export function buildBridgeScript(): Promise<string> {
  cached ??= (async () => {
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        // Minified like the Electron preload it stands in for, so the window benchmark loads what the app loads.
        minify: true,
        emptyOutDir: false,
        lib: {
          entry: resolve(import.meta.dirname, 'bridge/bridge.ts'),
          formats: ['iife'],
          name: 'SenderDeskBridge',
          fileName: () => 'bridge.js'
        }
      }
    })
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
    const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk')
    if (!chunk || chunk.type !== 'chunk') throw new Error('bridge bundle produced no code')
    return chunk.code
  })()
  return cached
}
