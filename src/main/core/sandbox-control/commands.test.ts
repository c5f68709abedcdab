// The inspector's deliveries: a status delivery names its message by the gateway's id only; the outbox says which.
import { describe, expect, it } from 'vitest'
import type { MessageSnapshot, WebhookDeliverySnapshot } from '@sender-desk/sandbox-gateway'
import { createSandboxCommands, type SandboxCommandsDeps } from './commands'
import type { SandboxAccess } from './access'

const base: Omit<WebhookDeliverySnapshot, 'id' | 'kind' | 'payload'> = {
  deviceSerial: 'SB-1',
  url: 'http://127.0.0.1:9000/track',
  createdAt: '2026-01-15T03:00:00.000Z',
  state: 'delivered',
  attempts: [],
  nextAttemptAt: null,
  replies: [],
  replyNote: null
}

describe('sandbox:webhookDeliveries (QA7 Q7-12)', () => {
  it('adds the outbox message a status is about, and nothing to other deliveries or unknown ids', async () => {
    const deliveries = [
      {
        ...base,
        id: 'w1',
        kind: 'tracking',
        payload: { id: 'g-known', phone: '6281234500032', status: 'read' }
      },
      {
        ...base,
        id: 'w2',
        kind: 'tracking',
        payload: { id: 'g-other', phone: '6281234500032', status: 'read' }
      },
      {
        ...base,
        id: 'w3',
        kind: 'incoming',
        payload: { id: 'g-known', phone: '6281234500032', message: 'halo' }
      }
    ] satisfies WebhookDeliverySnapshot[]
    const access = {
      control: { webhookDeliveries: async () => deliveries, messages: async () => [] },
      token: 't',
      device: { serial: 'SB-1' }
    } as unknown as SandboxAccess
    const commands = createSandboxCommands({
      sandboxOf: (async () => access) as SandboxCommandsDeps['sandboxOf'],
      outboxMessageOf: (gatewayId) =>
        gatewayId === 'g-known' ? { kind: 'text', text: 'Tes webhook', fileName: null } : null
    } as SandboxCommandsDeps)
    const reply = await commands['sandbox:webhookDeliveries']({ deviceId: 'dev-sb' })
    expect(reply.deliveries.map((d) => [d.id, d.message])).toEqual([
      ['w1', { kind: 'text', text: 'Tes webhook', fileName: null }],
      ['w2', null],
      ['w3', undefined]
    ])
  })

  // QA78 defect 3: an auto-reply's statuses read "The message to … is now read": the gateway sent it, not the outbox.
  it("names a message the outbox does not know from the sandbox's own record: an auto-reply as one", async () => {
    const sent = (id: string, endpoint: string, deviceSerial = 'SB-1') =>
      ({
        id,
        endpoint,
        deviceSerial,
        kind: 'text',
        text: 'Harga mulai 10rb',
        fileName: null
      }) as MessageSnapshot
    const deliveries = ['g-auto', 'g-other-device', 'g-known'].map((id) => ({
      ...base,
      id: `w-${id}`,
      kind: 'tracking' as const,
      payload: { id, phone: '6281377778888', status: 'read' }
    })) satisfies WebhookDeliverySnapshot[]
    const access = {
      control: {
        webhookDeliveries: async () => deliveries,
        messages: async () => [sent('g-auto', 'autoreply'), sent('g-other-device', 'autoreply', 'SB-2')]
      },
      token: 't',
      device: { serial: 'SB-1' }
    } as unknown as SandboxAccess
    const commands = createSandboxCommands({
      sandboxOf: (async () => access) as SandboxCommandsDeps['sandboxOf'],
      outboxMessageOf: (gatewayId) =>
        gatewayId === 'g-known' ? { kind: 'text', text: 'Halo tracking', fileName: null } : null
    } as SandboxCommandsDeps)
    const reply = await commands['sandbox:webhookDeliveries']({ deviceId: 'dev-sb' })
    expect(reply.deliveries.map((d) => [d.id, d.message])).toEqual([
      ['w-g-auto', { kind: 'text', text: 'Harga mulai 10rb', fileName: null, sentBy: 'autoreply' }],
      ['w-g-other-device', null],
      ['w-g-known', { kind: 'text', text: 'Halo tracking', fileName: null }]
    ])
  })
})
