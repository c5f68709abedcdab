// Crash tests' child processes: a bundled script run with plain `node`, SIGKILLed a while after it says "ready".

import { spawn } from 'node:child_process'

export interface ChildRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Start `script` with `args` in `cwd`; once it prints "ready", kill it after `killAfterMs` (or let it end when null). */
export function runKillableChild(
  script: string,
  args: string[],
  killAfterMs: number | null,
  cwd: string
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    let timer: NodeJS.Timeout | undefined
    child.stdout.on('data', (chunk: Buffer) => {
      const before = stdout
      stdout += chunk.toString()
      if (killAfterMs !== null && !before.includes('ready') && stdout.includes('ready')) {
        timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs)
      }
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer)
      resolve({ code, signal, stdout, stderr })
    })
  })
}
