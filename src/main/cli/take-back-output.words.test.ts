// The terminal's take-back lines that the window says too come from the one table of words, not a copy of them: a
// copy drifts when the window's words change. The table is swapped for a marked one here to see where a line comes from.
import { expect, it, vi } from 'vitest'
import type { TakeBackView } from '../../shared/contract'
import { describeTakeBackView } from './take-back-output'

vi.mock('../../shared/i18n', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../shared/i18n')>()
  return {
    ...real,
    translate: (...args: Parameters<typeof real.translate>) =>
      args[1] === 'outbox.takeBack.outcome.paused' ? `«${args[0]}:${args[1]}»` : real.translate(...args)
  }
})

const none = { done: 0, refused: 0, unknown: 0, pending: 0 }

it('says a paused take-back is paused in the window’s words (outbox.takeBack.outcome.paused, in English)', () => {
  const paused: TakeBackView = {
    id: 'r1',
    state: 'paused',
    producerTag: null,
    stoppedLocally: 0,
    leftAlone: {},
    revoke: { ...none, pending: 2 },
    cancel: none,
    resend: none,
    pendingByDevice: [],
    explained: []
  }
  expect(describeTakeBackView(paused, 'c1').split('\n')).toEqual([
    '0 deleted for everyone, 2 still to do',
    '«en:outbox.takeBack.outcome.paused»'
  ])
})
