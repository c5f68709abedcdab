// Runs `sender-desk` inside the test process (no child process): the exit code and its one `--json` result line.
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
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

/** A sandbox gateway with one linked device, and the environment that points the CLI at it and at `dataDir`. */
export async function sandboxForCli(
  dataDir: string,
  options: Parameters<typeof startSandbox>[0]
): Promise<{ sandbox: Sandbox; control: SandboxControl; env: NodeJS.ProcessEnv }> {
  const sandbox = await startSandbox(options)
  const control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  const { token } = await control.createDevice({ linked: true })
  const env = {
    SENDER_DESK_BASE_URL: sandbox.baseUrl,
    SENDER_DESK_TOKEN: token,
    SENDER_DESK_DATA_DIR: dataDir
  }
  return { sandbox, control, env }
}
