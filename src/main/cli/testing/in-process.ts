// Runs `sender-desk` inside the test process (no child process): the exit code and its one `--json` result line.
import { vi } from 'vitest'
import { main } from '../index'

export async function runCliJson(
  env: NodeJS.ProcessEnv,
  args: string[]
): Promise<{ code: number; json: Record<string, unknown> }> {
  const lines: string[] = []
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk))
    return true
  })
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
  try {
    const code = await main([...args, '--json'], env)
    return {
      code,
      json: JSON.parse(lines.join('').trim().split('\n').pop() ?? '{}') as Record<string, unknown>
    }
  } finally {
    stdout.mockRestore()
    stderr.mockRestore()
  }
}
