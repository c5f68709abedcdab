/** `sender-desk sandbox …`: run the sandbox gateway in the foreground, and play the phone and IT support on it. */
import { UsageError, intFlag, portUsageError, stringFlag } from './args'
import { EXIT, jsonLine } from './output'
import type { CliContext } from './index'
import {
  SANDBOX_DEVICE_ACTIONS as ACTIONS,
  SandboxControl,
  startSandbox,
  type DeviceAction as Action
} from '@sender-desk/sandbox-gateway'
import { sandboxControlOf, viaSandboxControl } from './sandbox-control'

/** Quick statuses so a person trying the CLI sees sent → delivered → read within seconds. */
const FAST_TIMINGS = { sentAfterMs: 1_000, deliveredAfterMs: 2_000, readAfterMs: 3_000 }

export async function runSandbox(context: CliContext): Promise<number> {
  const [sub] = context.args.positionals
  if (sub === 'start') return start(context)
  if (sub && (ACTIONS as readonly string[]).includes(sub)) return control(context, sub as Action)
  throw new UsageError(`sandbox needs one of: start, ${ACTIONS.join(', ')}`)
}

async function start(context: CliContext): Promise<number> {
  const port = intFlag(context.args, 'port', { min: 0, max: 65535 }) ?? 0
  const stateFile = stringFlag(context.args, 'state-file')
  const sandbox = await startSandbox({
    port,
    ...(stateFile ? { stateFile } : {}),
    ...(context.args.flags['fast'] === true ? { timings: FAST_TIMINGS } : {}),
    // Off unless asked: the sandbox refuses webhooks to this computer as the hosted gateway cannot reach it.
    ...(context.args.flags['webhooks-to-this-computer'] === true ? { allowLoopbackWebhookTargets: true } : {})
  }).catch((error: unknown) => {
    throw portUsageError(error, port) ?? error
  })
  const device = await new SandboxControl(sandbox.baseUrl, sandbox.controlToken).createDevice({
    name: 'Sandbox device'
  })
  // Always one JSON line on stdout: scripts read it; people copy the values.
  const started = { baseUrl: sandbox.baseUrl, token: device.token, controlToken: sandbox.controlToken }
  process.stdout.write(`${jsonLine(started)}\n`)
  if (!context.out.json) {
    context.out.progress(
      `Sandbox gateway running. In another terminal:\n  export SENDER_DESK_BASE_URL=${sandbox.baseUrl}\n  export SENDER_DESK_TOKEN=${device.token}\n  export SENDER_DESK_SANDBOX_CONTROL=${sandbox.controlToken}\nPress Ctrl+C to stop.`
    )
  }
  await context.stopSignal
  await sandbox.close()
  return EXIT.ok
}

async function control(context: CliContext, action: Action): Promise<number> {
  const { control: sandbox, token } = await sandboxControlOf(context)
  const device = await viaSandboxControl(action, sandbox.baseUrl, () => sandbox.act(token, action))
  context.out.result(`sandbox: ${action} done`, { ok: true, action, device: withoutCredentials(device) })
  return EXIT.ok
}

/** The device snapshot as printed: the token and secret key stay out of the output (scripts log stdout). */
function withoutCredentials(device: unknown): unknown {
  if (device === null || typeof device !== 'object') return null
  const { token: _token, secret: _secret, ...rest } = device as Record<string, unknown>
  return rest
}
