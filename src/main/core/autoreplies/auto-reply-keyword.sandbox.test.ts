// The sandbox gateway answers exactly the messages the domain's auto-reply rule says it answers: every case of the
// table, a rule made through our gateway client, a message delivered to the device, its reply (or none) looked at.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { AUTO_REPLY_KEYWORD_CASES } from '../../../shared/domain/auto-reply-keyword.cases'
import { autoReplyAnswering } from '../../../shared/domain'
import { createGatewayClient, type GatewayClient } from '../gateway'

let sandbox: Sandbox
let control: SandboxControl
let token: string
let client: GatewayClient

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 26 })
  control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  token = (await control.createDevice({ linked: true })).token
  client = createGatewayClient({ baseUrl: sandbox.baseUrl, token, timeoutMs: 5_000 })
})
afterAll(() => sandbox?.close())

it.each(AUTO_REPLY_KEYWORD_CASES)(
  'the sandbox agrees: $keyword ← $text is $answers ($why)',
  async ({ keyword, text, answers }) => {
    const rule = await client.createAutoReply({ keyword, response: `answer to ${keyword}` })
    try {
      expect(autoReplyAnswering(text, [rule]) !== null).toBe(answers)
      const delivered = await control.receive(token, { from: '6281377778888', message: text })
      expect(delivered.replies.map((reply) => reply.text)).toEqual(answers ? [rule.response] : [])
    } finally {
      await client.deleteAutoReply(rule.id)
    }
  }
)
