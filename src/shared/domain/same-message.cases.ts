// Cases of "the same message to the same number within 24 hours" (same-message.ts): run by the domain's test and by
// the core's check, which must agree row for row.
import type { OutboxStatusName } from './enums'

const HOUR = 60 * 60 * 1000

export interface SameMessageCase {
  name: string
  earlier: { status: OutboxStatusName; hoursAgo: number | null; text: string | null }
  text: string
  same: boolean
}

export const SAME_MESSAGE_CASES: SameMessageCase[] = [
  {
    // QA17 Q17-04: "Halo …, promo hari ini di …!" a second time two minutes after the first.
    name: 'the same filled-in text, read two minutes ago',
    earlier: { status: 'read', hoursAgo: 2 / 60, text: 'Halo Dewi, promo hari ini di Toko!' },
    text: 'Halo Dewi, promo hari ini di Toko!',
    same: true
  },
  {
    name: 'taken by the gateway, not yet reported sent: it is on its way',
    earlier: { status: 'accepted', hoursAgo: 1, text: 'Promo' },
    text: 'Promo',
    same: true
  },
  {
    name: 'a line ending or a trailing space does not make another message',
    earlier: { status: 'delivered', hoursAgo: 3, text: 'Halo Dewi,\r\npromo hari ini ' },
    text: 'Halo Dewi,\npromo hari ini',
    same: true
  },
  {
    name: 'another name filled in is another message',
    earlier: { status: 'read', hoursAgo: 1, text: 'Halo Dewi, promo hari ini' },
    text: 'Halo Agus, promo hari ini',
    same: false
  },
  {
    name: 'case matters: the customer reads another text',
    earlier: { status: 'read', hoursAgo: 1, text: 'PROMO hari ini' },
    text: 'Promo hari ini',
    same: false
  },
  {
    name: 'just under 24 hours ago',
    earlier: { status: 'sent', hoursAgo: 23.99, text: 'Promo' },
    text: 'Promo',
    same: true
  },
  {
    name: '24 hours ago or more is not recent',
    earlier: { status: 'sent', hoursAgo: 24, text: 'Promo' },
    text: 'Promo',
    same: false
  },
  {
    name: 'failed: the customer never got it',
    earlier: { status: 'failed', hoursAgo: 1, text: 'Promo' },
    text: 'Promo',
    same: false
  },
  {
    name: 'cancelled at the gateway before it went (a take-back)',
    earlier: { status: 'cancelled_at_gateway', hoursAgo: 1, text: 'Promo' },
    text: 'Promo',
    same: false
  },
  {
    name: 'deleted for everyone: gone from the customer’s phone',
    earlier: { status: 'revoked', hoursAgo: 1, text: 'Promo' },
    text: 'Promo',
    same: false
  },
  {
    // Two campaigns of the same message started seconds apart: the first one's messages are still in line.
    name: 'in line, not handed to the gateway yet: it is on its way',
    earlier: { status: 'queued', hoursAgo: null, text: 'Promo' },
    text: 'Promo',
    same: true
  },
  {
    name: 'being handed to the gateway now',
    earlier: { status: 'sending', hoursAgo: null, text: 'Promo' },
    text: 'Promo',
    same: true
  },
  {
    name: 'in line, but another message',
    earlier: { status: 'queued', hoursAgo: null, text: 'Promo hari ini' },
    text: 'Promo',
    same: false
  },
  {
    name: 'scheduled for later: it goes at the time the operator chose',
    earlier: { status: 'scheduled', hoursAgo: null, text: 'Promo' },
    text: 'Promo',
    same: false
  },
  {
    name: 'never taken by the gateway',
    earlier: { status: 'cancelled', hoursAgo: null, text: 'Promo' },
    text: 'Promo',
    same: false
  }
]

export const SAME_MESSAGE_HOUR = HOUR
