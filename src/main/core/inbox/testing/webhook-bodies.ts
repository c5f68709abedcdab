// Test and bench wiring: webhook bodies as the gateway posts them (gateway-api.md §5.2), each with its own id.

let messageNumber = 0

/** A customer's message in the current JSON shape, private chat; `overrides` replace fields. */
export function incomingWebhookBody(overrides: Record<string, unknown> = {}): string {
  messageNumber++
  return JSON.stringify({
    id: `WAMSG${messageNumber}`,
    pushName: 'Budi',
    isGroup: false,
    group: { sender: '', subject: '', owner: '', desc: '', participants: null },
    message: `halo ${messageNumber}`,
    phone: '6281234567890',
    messageType: 'text',
    file: '',
    url: '',
    mimeType: '',
    deviceId: 'A0HDJU',
    sender: '6285700000001',
    isFromMe: false,
    timestamp: '2026-01-15T03:00:00Z',
    ...overrides
  })
}
