// The "Remove device?" question: what becomes of its messages, with how many waiting ones the removal cancels, of its
// reminders at the gateway and its series in Sender Desk (each named), of each campaign sending on it (named), and of
// each draft naming it.
import { useEffect, useState } from 'react'
import type { DeviceView, InvokeReply } from '../../../../shared/contract'
import { call } from '../../api'
import { formatList, useLanguage, useT, type Language, type Translate } from '../../i18n'
import { useOutbox } from '../../stores/outbox'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { RemovalReminderNames, RemovalSeriesNames } from './GatewayReminderNames'

interface RemovalCounts {
  /** Scheduled or queued messages: what the core cancels on removal. */
  waiting: number | null
  /** Its reminders at the gateway (deleted there first) and its series (deleted). */
  preview: InvokeReply<'devices:removalPreview'> | null
}

/**
 * What the removal settles, each null until known (or when unreadable): how many messages wait, from the outbox's kept
 * counts, read again whenever they move; and the device's gateway reminders and series, read again after each answer
 * too (a retry finds fewer once some were deleted).
 */
function useRemovalCounts(deviceId: string, answering: boolean): RemovalCounts {
  const [counts, setCounts] = useState<RemovalCounts>({ waiting: null, preview: null })
  const outboxCounts = useOutbox((s) => s.counts)
  useEffect(() => {
    if (answering) return
    let live = true
    void Promise.all([
      call('outbox:counts', { deviceId }).then(
        (c) => c.scheduled + c.queued,
        () => null
      ),
      call('devices:removalPreview', { id: deviceId }).catch(() => null)
    ]).then(([waiting, preview]) => {
      if (live) setCounts({ waiting, preview })
    })
    return () => {
      live = false
    }
  }, [deviceId, outboxCounts, answering])
  return counts
}

/**
 * What becomes of the campaigns sending on the device, named (QA77: "untried rows move to the campaign's other devices"
 * was said of a campaign with no other device, which the removal ends): each one that goes on, with the devices its
 * untried rows move to; those with no other device, said to be cancelled with their rows not yet sent. Not known yet
 * (or unreadable): both outcomes said in general. None: nothing said.
 */
function campaignSentences(
  t: Translate,
  language: Language,
  campaigns: InvokeReply<'devices:removalPreview'>['campaigns'] | undefined
): string[] {
  if (campaigns === undefined) return [t('devices.remove.campaignsUnknown')]
  const quoted = (name: string): string => t('devices.remove.campaignName', { name })
  const ending = campaigns.filter((c) => c.movesTo.length === 0)
  return [
    ...campaigns
      .filter((c) => c.movesTo.length > 0)
      .map((c) =>
        t('devices.remove.campaignMoves', {
          count: c.moving,
          name: c.name,
          devices: formatList(c.movesTo, language)
        })
      ),
    ...(ending.length > 0
      ? [
          t('devices.remove.campaignsEnd', {
            count: ending.length,
            names: formatList(
              ending.map((c) => quoted(c.name)),
              language
            )
          })
        ]
      : [])
  ]
}

/**
 * What becomes of the drafts naming the device: those left with no device, named, to have one chosen before they
 * start (they said nothing, and started on none); each one that keeps other devices, with them. Not known yet, or
 * none: nothing said.
 */
function draftSentences(
  t: Translate,
  language: Language,
  drafts: InvokeReply<'devices:removalPreview'>['drafts'] | undefined
): string[] {
  if (drafts === undefined) return []
  const none = drafts.filter((d) => d.keeps.length === 0)
  return [
    ...(none.length > 0
      ? [
          t('devices.remove.draftsNoDevice', {
            count: none.length,
            names: formatList(
              none.map((d) => t('devices.remove.campaignName', { name: d.name })),
              language
            )
          })
        ]
      : []),
    ...drafts
      .filter((d) => d.keeps.length > 0)
      .map((d) => t('devices.remove.draftKeeps', { name: d.name, devices: formatList(d.keeps, language) }))
  ]
}

export function RemoveDeviceConfirm({
  device,
  disabled,
  onConfirm,
  onKeep
}: {
  device: DeviceView
  disabled: boolean
  /** `refused`: whether the gateway did not delete one of its reminders (QA42 Q42-01), told when the answer fails. */
  onConfirm: (keepGatewayReminders: boolean, refused: (remindersRefused: boolean) => void) => void
  onKeep: () => void
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const { waiting, preview } = useRemovalCounts(device.id, disabled)
  // Removing it anyway, keeping its reminders at the gateway, is offered only once the gateway refused a delete.
  const [remindersRefused, setRemindersRefused] = useState(false)
  const reminders = preview?.gatewayReminders ?? 0
  // Not counted yet: the sentence without a number; none waiting: no sentence about them. The campaigns' rows that
  // move to their other devices wait on, there: not counted as cancelled.
  const moving = (preview?.campaigns ?? []).reduce((sum, c) => sum + c.moving, 0)
  const cancelledCount = waiting === null ? null : Math.max(waiting - moving, 0)
  const cancelled =
    cancelledCount === null
      ? t('devices.remove.waitingUncounted')
      : cancelledCount > 0
        ? t('devices.remove.waiting', { count: cancelledCount })
        : null
  return (
    <ConfirmPanel
      id={`remove-q-${device.id}`}
      // Says what becomes of its messages before they are settled (cancelled, moved, or kept under its name).
      question={[
        t('devices.remove.confirm', { label: device.label }),
        reminders > 0 ? t('devices.remove.reminders', { count: reminders }) : null,
        preview && preview.series > 0 ? t('devices.remove.series', { count: preview.series }) : null,
        cancelled,
        ...campaignSentences(t, language, preview?.campaigns),
        ...draftSentences(t, language, preview?.drafts),
        t('devices.remove.messages')
      ]
        .filter((sentence) => sentence !== null)
        .join(' ')}
      confirmLabel={t('devices.remove.yes')}
      keepLabel={t('devices.remove.no')}
      onConfirm={() => onConfirm(false, setRemindersRefused)}
      // Only once the gateway refused a delete, and said as what it is: the gateway goes on sending them.
      {...(remindersRefused && reminders > 0
        ? {
            alternative: {
              label: t('devices.remove.keepReminders'),
              onClick: () => onConfirm(true, setRemindersRefused),
              testId: `remove-keep-reminders-${device.id}`
            }
          }
        : {})}
      onKeep={onKeep}
      disabled={disabled}
      confirmTestId={`remove-confirm-${device.id}`}
    >
      {/* Which reminders the gateway stops sending (or, removed anyway, keeps sending). */}
      <RemovalReminderNames reminders={preview?.reminders ?? []} />
      {/* Which of Sender Desk's own series are deleted. */}
      <RemovalSeriesNames series={preview?.namedSeries ?? []} />
    </ConfirmPanel>
  )
}
