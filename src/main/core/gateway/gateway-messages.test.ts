// The gateway's refusal texts → error codes: every wording the sandbox (and so the real service) answers with.
import { describe, expect, it } from 'vitest'
import { GATEWAY_MESSAGES } from '@sender-desk/sandbox-gateway'
import { classifyGatewayMessage } from './gateway-messages'

describe('classifyGatewayMessage', () => {
  it('reads a linked device waiting for activation as not connected (it cannot send yet), not a plain refusal', () => {
    expect(classifyGatewayMessage(GATEWAY_MESSAGES.notActivated)).toBe('device_not_connected')
    expect(classifyGatewayMessage('Device is not activated yet')).toBe('device_not_connected')
    expect(classifyGatewayMessage('waiting for activation by IT support')).toBe('device_not_connected')
  })

  it.each([
    [GATEWAY_MESSAGES.tokenInvalid, 'token_invalid'],
    [GATEWAY_MESSAGES.needSecret, 'secret_invalid'],
    [GATEWAY_MESSAGES.secretInvalid, 'secret_invalid'],
    [GATEWAY_MESSAGES.notConnected, 'device_not_connected'],
    [GATEWAY_MESSAGES.quotaExhausted, 'quota_exceeded'],
    ['file size too large, maximum file size is 2 MB', 'file_too_large'],
    ['file type .gif not allowed for image, use jpg, jpeg, png', 'file_type'],
    ['phone number 123 invalid', 'rejected']
  ] as const)('"%s" → %s', (message, code) => {
    expect(classifyGatewayMessage(message)).toBe(code)
  })

  it('keeps an inactive package (a plan problem) out of the activation rule', () => {
    expect(classifyGatewayMessage('your package does not support this feature')).toBe('file_type')
  })
})
