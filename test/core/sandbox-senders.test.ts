// The sandbox's devices send from numbers an Indonesian phone could have: the window writes them as it writes every
// number (+62 812-…), and a number no phone could have showed as the gateway's bare digits in the sandbox alone.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { formatPhoneForReading } from '../../src/shared/domain/phone-display'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

it('gives every new device a sender number that reads as a phone number', async () => {
  const control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  const senders: string[] = []
  for (let n = 0; n < 40; n++) {
    const { token } = await control.createDevice()
    senders.push((await control.device(token)).sender)
  }
  const unreadable = senders.filter((sender) => !formatPhoneForReading(sender).startsWith('+62 8'))
  expect(unreadable).toEqual([])
})
