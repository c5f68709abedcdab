// A webhook delivery's headline, as the window's inspector and the terminal's `webhook deliveries` say it.
import { describe, expect, it } from 'vitest'
import type { WebhookDeliveryView } from './contract'
import { translate, type Language } from './i18n'
import { SHOWN_TEXT_CASES } from './domain/shown-text.cases'
import { deliveryHeadline } from './webhook-headline'

const tracking = (message: WebhookDeliveryView['message'], status = 'read') => ({
  kind: 'tracking' as const,
  payload: { id: 'g-1', phone: '6281234500032', status },
  message
})

const say = (language: Language) => (delivery: Parameters<typeof deliveryHeadline>[0]) =>
  deliveryHeadline(delivery, (key, params) => translate(language, key, params))

describe('deliveryHeadline', () => {
  // A schedule or a reminder the gateway keeps is sent by the gateway at its time: the lookup names it by its kind
  // and words, as any message it knows, not by what kept it.
  it('names a message the gateway sent from a schedule or a reminder by its words, in both languages', () => {
    const reminder = tracking({ kind: 'text', text: 'Minum obat jam 8 pagi ya Bu', fileName: null }, 'sent')
    expect(say('en')(reminder)).toBe('Text “Minum obat jam 8 pagi ya…” to +62 812-3450-0032 is now sent')
    expect(say('id')(reminder)).toBe('Teks “Minum obat jam 8 pagi ya…” ke +62 812-3450-0032 kini terkirim')
  })

  it('names an auto-reply for what it is, a message nobody knows by its number only, a gateway word as it came', () => {
    const auto = tracking({ kind: 'text', text: 'Harga mulai 10rb', fileName: null, sentBy: 'autoreply' })
    expect(say('en')(auto)).toBe('Auto-reply “Harga mulai 10rb” to +62 812-3450-0032 is now read')
    expect(say('en')(tracking(null))).toBe('The message to +62 812-3450-0032 is now read')
    expect(say('en')(tracking(null, 'mystery'))).toBe('The message to +62 812-3450-0032 is now “mystery”')
    expect(say('en')({ kind: 'device', payload: { status: 'connected' }, message: undefined })).toBe(
      'The device is connected'
    )
    expect(say('en')({ kind: 'incoming', payload: {}, message: undefined })).toBeNull()
  })

  // What the customer (or anyone holding the webhook's address) wrote, drawn by the rule the inbox draws it by: an
  // override in a message or a file's name read "exe.png" in the inspector and the terminal.
  it.each(SHOWN_TEXT_CASES.filter((c) => c.shown.trim() !== ''))(
    'shows a message $text as $shown',
    ({ text, shown }) => {
      const incoming = { kind: 'incoming' as const, payload: { phone: '62812777888', message: text } }
      expect(say('en')({ ...incoming, message: undefined })).toBe(`From +62 812-777-888: “${shown}”`)
    }
  )

  it('shows a file’s name, a sender’s number and a gateway word without the bidi controls in them', () => {
    const file = tracking({ kind: 'document', text: null, fileName: 'invoice\u202Efdp.exe' })
    expect(say('en')(file)).toBe('Document invoicefdp.exe to +62 812-3450-0032 is now read')
    const words = tracking({ kind: 'text', text: '\u202Egnp.exe siap', fileName: null })
    expect(say('en')(words)).toBe('Text “gnp.exe siap” to +62 812-3450-0032 is now read')
    expect(say('en')(tracking(null, '\u202Eyretsym'))).toBe(
      'The message to +62 812-3450-0032 is now “yretsym”'
    )
    const odd = {
      kind: 'incoming' as const,
      payload: { phone: '\u202E888', message: 'halo' },
      message: undefined
    }
    expect(say('id')(odd)).toBe('Dari 888: “halo”')
    const blank = { kind: 'incoming' as const, payload: { phone: '62812777888', message: '\u202E' } }
    expect(say('en')({ ...blank, message: undefined })).toBeNull()
  })
})
