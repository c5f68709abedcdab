// Bundles a Worker's TypeScript into one ES module for miniflare, with the esbuild the project already has.

import { build } from 'esbuild'

export async function bundleWorker(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent'
  })
  const output = result.outputFiles[0]
  if (output === undefined) throw new Error(`esbuild produced nothing for ${entry}`)
  return output.text
}
