import { describe, expect, it } from 'vitest'
import { OUTBOX_STATUSES } from './enums'
import { decideTakeBack, planTakeBack, TAKE_BACK_STATUSES, takeBackStep } from './take-back'
import { TAKE_BACK_CASES } from './take-back.cases'

describe('decideTakeBack answers the shared table', () => {
  it.each(TAKE_BACK_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(decideTakeBack(c.subject)).toEqual(c.expected)
  })

  it('the table covers every status the outbox has and every proposed one', () => {
    const covered = new Set(TAKE_BACK_CASES.map((c) => c.subject.status))
    expect([...OUTBOX_STATUSES, ...TAKE_BACK_STATUSES].filter((status) => !covered.has(status))).toEqual([])
  })
})

describe('taking back many messages: what is acted on and what is left, and why', () => {
  const statusesActedOn = (revokeDelivered: boolean): Set<string> =>
    new Set(
      TAKE_BACK_CASES.filter(
        (c) => 'act' in takeBackStep(decideTakeBack(c.subject), { revokeDelivered })
      ).map((c) => c.subject.status)
    )

  it('stops and cancels always, deletes for everyone only when asked, never resends', () => {
    expect(statusesActedOn(false)).toEqual(new Set(['queued', 'scheduled', 'accepted']))
    expect(statusesActedOn(true)).toEqual(
      new Set(['queued', 'scheduled', 'accepted', 'sent', 'delivered', 'read'])
    )
    const failedAtGateway = TAKE_BACK_CASES.filter((c) => c.expected.action === 'resend_at_gateway')
    for (const c of failedAtGateway) {
      expect(takeBackStep(decideTakeBack(c.subject), { revokeDelivered: true })).toEqual({
        leave: 'failed_at_gateway'
      })
    }
  })

  it('planTakeBack counts every message once, with the reason for each one left alone', () => {
    const subjects = TAKE_BACK_CASES.map((c) => c.subject)
    const plan = planTakeBack(subjects, { revokeDelivered: false })
    expect(plan).toEqual({
      stopLocally: 3,
      cancelAtGateway: 1,
      revoke: 0,
      revokeRead: 0,
      leftAlone: {
        fate_unknown: 3,
        revoke_not_asked: 3,
        failed_at_gateway: 2,
        cancelled_at_gateway: 2,
        never_reached_gateway: 1,
        cancelled: 1,
        opted_out: 1,
        revoked: 1
      }
    })
    const withRevoke = planTakeBack(subjects, { revokeDelivered: true })
    expect([withRevoke.revoke, withRevoke.leftAlone.revoke_not_asked]).toEqual([3, undefined])
    // Of those deleted for everyone, the customer has read one already (QA14 Q14-12: the question did not say).
    expect([plan.revokeRead, withRevoke.revokeRead]).toEqual([0, 1])
    const counted = (p: typeof plan): number =>
      p.stopLocally + p.cancelAtGateway + p.revoke + Object.values(p.leftAlone).reduce((a, b) => a + b, 0)
    expect([counted(plan), counted(withRevoke)]).toEqual([subjects.length, subjects.length])
  })
})
