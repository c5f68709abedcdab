// The take-back tally as the terminal prints it.
import { expect, it } from 'vitest'
import type { TakeBackView } from '../../shared/contract'
import { describeTakeBackState, describeTakeBackView, describeUnreadTakeBack } from './take-back-output'

const none = { done: 0, refused: 0, unknown: 0, pending: 0 }

it('says what was deleted, what the gateway refused in its words, what is unknown and what was left', () => {
  const text = describeTakeBackView(
    {
      id: 'r1',
      state: 'done',
      producerTag: 'campaign:c1',
      stoppedLocally: 12,
      leftAlone: { fate_unknown: 2 },
      revoke: { done: 4812, refused: 188, unknown: 1, pending: 0 },
      cancel: none,
      resend: none,
      pendingByDevice: [],
      explained: [
        { action: 'revoke', state: 'refused', message: 'Message is too old', n: 188 },
        {
          action: 'revoke',
          state: 'unknown',
          message: 'the gateway’s reports do not show this message, so whether it was taken back is unknown',
          n: 1
        }
      ]
    },
    'c1'
  )
  expect(text.split('\n')).toEqual([
    '12 cancelled before they left',
    '4,812 deleted for everyone, 188 refused by the gateway, 1 unknown',
    '  188 refused (revoke): Message is too old',
    '  1 unknown (revoke): the gateway’s reports do not show this message, so whether it was taken back is unknown',
    'Left as they were:',
    '  2 fate unknown (being sent, or unverified): the outbox settles them first'
  ])
})

/** Under way: one call done at the gateway, three still to do on d1. */
const underWay: TakeBackView = {
  id: 'r1',
  state: 'running',
  producerTag: null,
  stoppedLocally: 0,
  leftAlone: {},
  revoke: none,
  cancel: { done: 1, refused: 0, unknown: 0, pending: 3 },
  resend: none,
  pendingByDevice: [{ deviceId: 'd1', n: 3 }],
  explained: []
}

it('says when a take-back is not finished', () => {
  const text = describeTakeBackView(underWay, 'c1')
  expect(text).toBe(
    '1 cancelled at the gateway, 3 still to do\nNot finished: carry it on with sender-desk campaign takeback resume c1 (or leave the app running).'
  )
})

it('names the device whose calls wait and what they wait for, in the window’s words', () => {
  const view = {
    id: 'r1',
    state: 'running' as const,
    producerTag: 'campaign:c1',
    stoppedLocally: 0,
    leftAlone: {},
    revoke: { done: 0, refused: 0, unknown: 0, pending: 2 },
    cancel: { done: 1, refused: 0, unknown: 0, pending: 2 },
    resend: none,
    pendingByDevice: [
      { deviceId: 'd1', n: 1 },
      { deviceId: 'd2', n: 2 },
      { deviceId: 'd3', n: 1 }
    ],
    explained: []
  }
  const devices = [
    { id: 'd1', label: 'Toko Utama', state: 'connected' as const },
    { id: 'd2', label: 'Toko Kedua', state: 'expired' as const },
    { id: 'd3', label: 'https://gw.example/d3', state: null }
  ]
  expect(describeTakeBackView(view, 'c1', devices).split('\n')).toEqual([
    '0 deleted for everyone, 2 still to do',
    '1 cancelled at the gateway, 2 still to do',
    '  2 wait: Toko Kedua’s subscription has ended; they will be taken back once it is renewed.',
    '  1 waits for https://gw.example/d3, which this command was not given: the app takes them back, or run it with that device',
    'Not finished: carry it on with sender-desk campaign takeback resume c1 (or leave the app running).'
  ])
})

it('says rows whose number opted out were never sent, apart from the ones cancelled here', () => {
  const text = describeTakeBackView(
    {
      id: 'r1',
      state: 'done',
      producerTag: 'campaign:c1',
      stoppedLocally: 0,
      leftAlone: { opted_out: 2, cancelled: 1 },
      revoke: none,
      cancel: none,
      resend: none,
      pendingByDevice: [],
      explained: []
    },
    'c1'
  )
  expect(text.split('\n')).toEqual([
    'Left as they were:',
    '  2 opted out before they were sent',
    '  1 cancelled here already'
  ])
})

it('says a campaign’s take-back in one line: its state, its parts and what is left to do', () => {
  const view: TakeBackView = { ...underWay, state: 'paused' }
  expect(describeTakeBackState(view, 'c1')).toBe(
    'Take-back paused: 1 cancelled at the gateway, 3 still to do. Paused by the operator: nothing more is asked of the gateway until it is resumed.'
  )
  expect(describeTakeBackState({ ...view, state: 'done', cancel: none, pendingByDevice: [] }, 'c1')).toBe(
    'Take-back done: nothing taken back.'
  )
})

it('says a take-back it could not read as one sentence, whether or not the failure’s words end with a stop', () => {
  expect(describeUnreadTakeBack('Something went wrong; see the log for details.')).toBe(
    'Take-back could not be read: Something went wrong; see the log for details.'
  )
  expect(describeUnreadTakeBack('database disk image is malformed')).toBe(
    'Take-back could not be read: database disk image is malformed.'
  )
})
