/** `npm run harness`: the window in your browser over the real core and the sandbox, for trying things by hand. */
import { startHarness } from './harness'

const port = Number(process.env['PORT'] ?? 5199)
// As the app: the sandbox's webhooks may reach a relay on this computer only with this switch.
const webhooksToThisComputer = process.argv.includes('--sandbox-webhooks-to-this-computer')
const harness = await startHarness({
  port,
  core: { sandbox: { allowLoopbackWebhookTargets: webhooksToThisComputer } }
})
console.log(`Sender Desk (browser harness) at ${harness.url}`)
console.log(`Data folder: ${harness.dataDir}. Press Ctrl+C to stop.`)
const stop = async (): Promise<void> => {
  await harness.close()
  process.exit(0)
}
process.once('SIGINT', () => void stop())
process.once('SIGTERM', () => void stop())
