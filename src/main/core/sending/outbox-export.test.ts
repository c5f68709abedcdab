// The outbox export: each message's line says what the window's list says of it.
import { afterEach, describe, expect, it } from 'vitest'
import { translate } from '../../../shared/i18n'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { outboxTable } from './outbox-export'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

describe('outboxTable', () => {
  // QA12-05: a send answered 502 is checked at the gateway before any resend; the list said so, the export's line
  // was "Sending" with an empty reason.
  it.each(['en', 'id'] as const)(
    'says a send in doubt is being checked, as the list does (%s)',
    async (language) => {
      fx = makeFixture()
      fx.gateway.fail({ op: 'send', deviceId: 'd1', code: 'server_error' })
      // Its reports cannot answer yet: it stays in doubt.
      for (const op of ['reportMessages', 'reportRealtime'] as const)
        fx.gateway.fail({ op, deviceId: 'd1', code: 'server_error', times: 1000 })
      const { itemIds } = await fx.outbox.enqueue({
        deviceId: 'd1',
        recipients: ['6281234567001'],
        entries: [{ kind: 'text', text: 'x' }]
      })
      await fx.outbox.start()
      await fx.runUntil(() => fx.gateway.calls.some((c) => c.op === 'send'))
      await fx.clock.advance(1_000)
      const { item } = fx.outbox.get(itemIds[0] ?? '')
      expect(item).toMatchObject({ status: 'sending' })
      const table = outboxTable([item], 'UTC', (id) => id, language)
      const reason = table.columns.indexOf(translate(language, 'outbox.exportColumn.failureReason'))
      expect(table.rows[0]?.[reason]).toBe(
        translate(language, 'outbox.waiting.label', {
          reason: translate(language, 'outbox.waiting.checking')
        })
      )
    }
  )
})
