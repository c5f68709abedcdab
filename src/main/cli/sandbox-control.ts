/** Calls the sandbox gateway's `/__sandbox/` control routes for the CLI, with the control token `sandbox start` printed. */
import { SandboxControl, SandboxControlError } from '@sender-desk/sandbox-gateway'
import { UsageError, stringFlag } from './args'
import type { CliContext } from './index'
import { GatewayError } from '../core/compose-command-line'

/** The sandbox at the configured gateway address, driven with `--control-token` or SENDER_DESK_SANDBOX_CONTROL. */
export async function sandboxControlOf(
  context: CliContext
): Promise<{ control: SandboxControl; token: string }> {
  const credentials = await context.credentials()
  const controlToken =
    stringFlag(context.args, 'control-token') ?? context.env['SENDER_DESK_SANDBOX_CONTROL']?.trim()
  if (!controlToken) {
    throw new UsageError(
      'the sandbox control token is not set: give --control-token or SENDER_DESK_SANDBOX_CONTROL (printed by `sandbox start`)'
    )
  }
  return { control: new SandboxControl(credentials.baseUrl, controlToken), token: credentials.token }
}

/** Runs a control call; a refusal or an unreachable sandbox becomes the CLI's GatewayError. */
export async function viaSandboxControl<T>(
  what: string,
  baseUrl: string,
  call: () => Promise<T>
): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof SandboxControlError)) throw error
    if (error.status === 0) {
      throw new GatewayError({ code: 'network', message: `the sandbox at ${baseUrl} is not reachable` })
    }
    throw new GatewayError({
      code: error.status === 404 ? 'not_supported' : 'rejected',
      message: `sandbox ${what} refused: ${error.message} (is --base-url a Sender Desk sandbox?)`,
      httpStatus: error.status
    })
  }
}
