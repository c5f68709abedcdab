/**
 * Calls the sandbox gateway's `/__sandbox/` control routes for the CLI, with the control token `sandbox start` printed,
 * or, for the app's own sandbox, the one the app keeps in its data folder while that sandbox runs.
 */
import { SandboxControl, SandboxControlError } from '@sender-desk/sandbox-gateway'
import { UsageError, stringFlag } from './args'
import type { CliContext } from './index'
import { GatewayError } from '../core/compose-command-line'

/**
 * The sandbox at the configured gateway address, driven with `--control-token` or SENDER_DESK_SANDBOX_CONTROL; else,
 * when it is the open app's sandbox, with the token the app keeps in the data folder (--data-dir or
 * SENDER_DESK_DATA_DIR), which is never sent to another address.
 */
export async function sandboxControlOf(
  context: CliContext
): Promise<{ control: SandboxControl; token: string }> {
  const credentials = await context.credentials()
  const given =
    stringFlag(context.args, 'control-token') ??
    (context.env['SENDER_DESK_SANDBOX_CONTROL']?.trim() || undefined)
  const controlToken = given ?? (await appSandboxToken(context, credentials.baseUrl))
  return { control: new SandboxControl(credentials.baseUrl, controlToken), token: credentials.token }
}

/** The open app's sandbox's control token for `baseUrl`, or the UsageError saying where a token comes from. */
async function appSandboxToken(context: CliContext, baseUrl: string): Promise<string> {
  // Loaded here only: a run given the token opens nothing of the data folder.
  const [{ cliDataDir }, { appSandboxControl }] = await Promise.all([
    import('./outbox-commands'),
    import('../core/compose-command-line')
  ])
  const dataDir = cliDataDir(context)
  const app = await appSandboxControl(dataDir, baseUrl)
  if (app?.token) return app.token
  const notSet =
    'the sandbox control token is not set: give --control-token or SENDER_DESK_SANDBOX_CONTROL (printed by `sandbox start`)'
  throw new UsageError(
    app
      ? `${notSet}. Sender Desk's own sandbox (from ${dataDir}) is at ${app.baseUrl}: give --base-url ${app.baseUrl} for it`
      : `${notSet}. For Sender Desk's own sandbox no token is needed: keep the app open with its sandbox started and ` +
          `give the app's data folder (--data-dir or SENDER_DESK_DATA_DIR); no sandbox runs from ${dataDir}`
  )
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
