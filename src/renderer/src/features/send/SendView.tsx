// The send panel: files (drop, pick, paste), recipients, caption and text, device, send now or schedule → `outbox:enqueue`.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { localeOf, useLanguage, useT, type MessageKey } from '../../i18n'
import { computerZone, formatBytes, formatDateTimeInZone } from '../../i18n/dates'
import { useDevices } from '../../stores/devices'
import {
  draftProblems,
  schedulePassed,
  TEXT_LIMIT,
  useSend,
  type DraftFile,
  type DraftProblem,
  type DraftSnapshot
} from '../../stores/send'
import type { DeviceView } from '../../../../shared/contract'
import {
  audioCaptionNotice,
  hasWhatsAppFormatting,
  isWithinTextLimit,
  localTimeToInstant,
  firstTypedVariable,
  directSendFinish,
  planDirectSend,
  textLength,
  type DirectSendPlan,
  type QuotaFinish,
  type DirectSendSchedule
} from '../../../../shared/domain'
import { useSettings } from '../../stores/settings'
import { coreMessage, getApi } from '../../api'
import { Field } from '../../ui/Field'
import { TypedVariableWarning } from '../../ui/TypedVariableWarning'
import { busyButtonProps } from '../../ui/busy-button'
import { FilePickButton } from '../../ui/FilePickButton'
import { OptOutQuestion } from '../../ui/OptOutQuestion'
import { useNow } from '../../ui/use-now'
import { useSpotKeptAcrossReload } from '../../ui/use-spot-kept-across-reload'
import { ViewHeading } from '../../ui/ViewHeading'
import { WhatsAppText } from '../../ui/WhatsAppText'
import { DraftFiles, FilesStatus, Rejections } from './FileList'
import { parseRecipients, repeatedRecipientsLeftOut, unpickedName } from './recipients'
import { draftEntries } from './enqueue-request'
import { useWaitingOnDevice } from './waiting-on-device'
import { SendSummary } from './SendSummary'
import { RecipientsField } from './RecipientsField'
import { recipientsSent, useOptedOutRecipients } from './opted-out-recipients'
import { ScheduleFields } from './ScheduleFields'
import { SentBatch } from './SentBatch'
import { LongTextOffer } from './LongTextOffer'
import { useOutbox } from '../../stores/outbox'
import { reasonInWords } from '../../../../shared/i18n/note-text'
import { batchTitleKey } from '../outbox/waiting'
import { currentFileLimit, fileLimitFor } from './file-limit'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { MAX_SEND_MESSAGES, MAX_SEND_RECIPIENTS } from '../../../../shared/domain/limits'
import { capSpentUntil } from '../../../../shared/device-status'
import { deviceChoiceLabel, waitHintKey } from '../devices/device-choice'
import './send.css'

const PROBLEM_TEXT: Record<DraftProblem, MessageKey> = {
  'no-device': 'send.problem.noDevice',
  'no-recipients': 'send.problem.noRecipients',
  'unpicked-name': 'send.problem.unpickedName',
  'bad-recipients': 'send.problem.badRecipients',
  'too-many-recipients': 'send.problem.tooManyRecipients',
  'too-many-messages': 'send.problem.tooManyMessages',
  'nothing-to-send': 'send.problem.nothing',
  'text-too-long': 'send.problem.textTooLong',
  'caption-too-long': 'send.problem.captionTooLong',
  'schedule-incomplete': 'send.problem.schedule',
  'schedule-no-such-time': 'send.problem.scheduleNoSuchTime',
  'schedule-passed': 'send.problem.schedulePassed',
  'gateway-text-only': 'send.problem.gatewayTextOnly'
}

/** The most a problem's words name: a text's characters unless said here. */
const PROBLEM_MAX: Partial<Record<DraftProblem, number>> = {
  'too-many-recipients': MAX_SEND_RECIPIENTS,
  'too-many-messages': MAX_SEND_MESSAGES
}

const PROBLEM_FOCUS: Record<DraftProblem, string> = {
  'no-device': 'send-device',
  'no-recipients': 'send-recipients',
  'unpicked-name': 'send-recipients',
  'bad-recipients': 'send-recipients',
  'too-many-recipients': 'send-recipients',
  'too-many-messages': 'send-file-input',
  'nothing-to-send': 'send-text',
  'text-too-long': 'send-text',
  'caption-too-long': 'send-caption',
  'schedule-incomplete': 'send-schedule-date',
  'schedule-no-such-time': 'send-schedule-date',
  'schedule-passed': 'send-schedule-time',
  'gateway-text-only': 'send-schedule-mode-local'
}

/** How often the form looks again at whether its schedule's time has passed (Send looks at the press too). */
const SCHEDULE_CHECK_MS = 15_000

type PlannedSchedule = DirectSendSchedule & { timeZone: string }

/** What a large direct send's summary says: the plan of sending the draft now, and whom it goes to. */
interface DirectSendSummary {
  plan: DirectSendPlan
  /** What the summary says of the end against the device's gateway quota. */
  finish: QuotaFinish
  /** Scheduled for later: when (in `timeZone`) and who sends it then. */
  schedule: PlannedSchedule | null
  recipients: number
  /** Of `recipients`, those on the opt-out list, which the send leaves out. */
  optedOut: number
  /** Those numbers, as the chips hold them: the summary's Send leaves out these (QA71 follow-up). */
  optedOutNumbers: string[]
  repeatsLeftOut: number
  messages: number
  /** Messages already in line for the device, which a send now goes after. */
  waiting: number
}

/**
 * The plan of sending `draft` to its `recipients` through `device` at the outbox's pace, `messagesEach` to each (the
 * view's count of the draft's entries), from now or from its schedule's time, with that schedule; null when the
 * schedule's zone is unknown (the core's refusal says why).
 */
function planDraft(
  draft: DraftSnapshot,
  device: DeviceView,
  recipients: number,
  messagesEach: number,
  pacingMs: number,
  /** Messages already in line for the device: a send now goes after them. */
  waiting: number
): {
  plan: DirectSendPlan
  finish: QuotaFinish
  schedule: PlannedSchedule | null
  messages: number
  waiting: number
} | null {
  let schedule: PlannedSchedule | null = null
  if (draft.schedule.enabled) {
    const { date, time, timezone, mode } = draft.schedule
    try {
      schedule = { at: localTimeToInstant(`${date}T${time}`, timezone), mode, timeZone: timezone }
    } catch {
      return null
    }
  }
  const messages = recipients * messagesEach
  const input = {
    device,
    recipients,
    messages,
    pacingMs,
    now: Date.now(),
    schedule: schedule ?? undefined,
    waiting
  }
  return { plan: planDirectSend(input), finish: directSendFinish(input), schedule, messages, waiting }
}

/**
 * A typed text's hint: its length against the limit and, when it holds a "{name}" (a campaign's column), that it
 * goes out as written (QA7 Q7-06): the text and the files' caption alike.
 */
function TypedTextHint({ text, testId }: { text: string; testId: string }): React.JSX.Element {
  const t = useT()
  const variable = firstTypedVariable(text)
  return (
    <>
      {t('send.counter', { count: textLength(text), max: TEXT_LIMIT })}
      {variable ? <TypedVariableWarning variable={variable} testId={testId} /> : null}
    </>
  )
}

/** Where the caption goes when audio files (which carry none) are among the files (QA32 Q32-01). */
const AUDIO_CAPTION_TEXT = {
  'with-other-files': 'send.captionAudio.withOtherFiles',
  'own-message': 'send.captionAudio.ownMessage'
} as const satisfies Record<NonNullable<ReturnType<typeof audioCaptionNotice>>, MessageKey>

/** The caption's hint: its counter and typed variables, then, said before sending, where it goes beside audio. */
function CaptionHint({
  caption,
  kinds
}: {
  caption: string
  kinds: readonly DraftFile['kind'][]
}): React.JSX.Element {
  const t = useT()
  const notice = audioCaptionNotice(kinds, caption)
  return (
    <>
      <TypedTextHint text={caption} testId="send-caption-variables" />
      {notice ? (
        <span className="field-hint-note" data-testid="send-caption-audio">
          {t(AUDIO_CAPTION_TEXT[notice])}
        </span>
      ) : null}
    </>
  )
}

/**
 * What the view announces once a send was added: `done` ("Scheduled."), unless its messages failed since (QA13
 * Q13-04: a gateway schedule the gateway did not take was still announced "Scheduled."): then the batch's own title
 * and the first failure's reason, as the card below says them.
 */
function SendOutcome({ done }: { done: string }): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const sent = useSend((s) => s.sent)
  const known = useOutbox((s) => s.known)
  const items = (sent?.itemIds ?? []).flatMap((id) => {
    const item = known.get(id)
    return item ? [item] : []
  })
  const failed = items.find((item) => item.status === 'failed')
  if (!sent || !failed) return <>{done}</>
  const reason = failed.failure
    ? reasonInWords(language, failed.failure.message, failed.failure.messageKey, failed.failure.messageParams)
        .words
    : t('common.unknown')
  return <>{t('send.done.failed', { outcome: t(batchTitleKey(items, sent.scheduled)), reason })}</>
}

export function SendView(): React.JSX.Element {
  const t = useT()
  // A reload comes back to the scroll and the control with the focus (QA74).
  useSpotKeptAcrossReload('send', 'send-heading')
  const language = useLanguage()
  const locale = localeOf(language)
  const devices = useDevices((s) => s.devices)
  const settings = useSettings((s) => s.settings)
  const send = useSend()
  const [attempted, setAttempted] = useState(false)
  const [announce, setAnnounce] = useState('')
  const formRef = useRef<HTMLFormElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const sendErrorRef = useRef<HTMLDivElement>(null)
  // A send refused (a number on the opt-out list, a device that cannot take it): its words come with the focus.
  useLayoutEffect(() => {
    if (!send.sendError) return
    showSendError()
  }, [send.sendError])
  function showSendError(): void {
    sendErrorRef.current?.scrollIntoView?.({ block: 'nearest' })
    sendErrorRef.current?.focus()
  }
  // The opt-out refusal answers these recipients (QA66: Send stayed on, and a press got the same refusal): while it
  // stands Send is said unavailable and sends nothing (Ctrl+Enter brings the refusal back), until the recipients change
  // (the store), the opt-out list changes (a number taken off it, an opt-in keyword) or the view is left.
  const optOutRefusalStands = send.sendError?.code === 'opted_out'
  useEffect(() => {
    const stopFollowing = getApi().on('optouts:changed', () => useSend.getState().dropOptOutRefusal())
    return () => {
      stopFollowing()
      useSend.getState().dropOptOutRefusal()
    }
  }, [])
  /**
   * The draft (its key) whose summary a large direct send shows before it goes, opened when Send was pressed; what it
   * says is the plan of now, drawn as it is read.
   */
  const [summaryFor, setSummaryFor] = useState<string | null>(null)

  const recipients = useMemo(
    () => parseRecipients(send.recipientsText, send.isGroup),
    [send.recipientsText, send.isGroup]
  )
  const optedOut = useOptedOutRecipients(recipients, send.isGroup)
  const unpicked = unpickedName(send.recipientsText, send.isGroup)
  // Re-read now and then: a schedule's time that passes while the form is open is said at the field.
  const now = useNow(SCHEDULE_CHECK_MS)
  const messagesEach = useMemo(
    () =>
      draftEntries({
        files: send.files,
        caption: send.caption,
        text: send.text,
        splitLongText: send.splitLongText
      }).entries.length,
    [send.files, send.caption, send.text, send.splitLongText]
  )
  const problems = draftProblems(send, recipients, messagesEach, unpicked, now)
  const deviceId = send.deviceId
  const chosen = devices.find((d) => d.id === deviceId)
  const waitHint = chosen ? waitHintKey(chosen) : null
  const capSpent = capSpentUntil(chosen)
  const maxFileBytes = fileLimitFor(chosen, settings)

  // Preselect a device: the first connected one, else the first.
  useEffect(() => {
    if (chosen || devices.length === 0) return
    const pick = devices.find((d) => d.state === 'connected') ?? devices[0]
    if (pick) useSend.getState().setFields({ deviceId: pick.id })
  }, [chosen, devices])

  // Pasting an image (anywhere while this panel is open) adds it as a file.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent): void => {
      const files = Array.from(event.clipboardData?.files ?? []).filter((f) => f.type.startsWith('image/'))
      if (files.length === 0) return
      event.preventDefault()
      void useSend.getState().addFiles(files, currentFileLimit())
    }
    window.addEventListener('paste', onPaste)
    return () => window.removeEventListener('paste', onPaste)
  }, [])

  // Going back from the summary returns the focus to the Send button it replaced (shown again once it has gone).
  const backToSend = useRef(false)
  useLayoutEffect(() => {
    if (summaryFor === null && backToSend.current) {
      backToSend.current = false
      submitRef.current?.focus()
    }
  }, [summaryFor])

  // A summary answers the draft it was made for: any change to what would be sent takes it away.
  const draftKey = JSON.stringify([
    send.recipientsText,
    send.isGroup,
    send.text,
    send.caption,
    send.files.map((f) => f.handle),
    send.splitLongText,
    deviceId,
    send.schedule.enabled && [
      send.schedule.date,
      send.schedule.time,
      send.schedule.timezone,
      send.schedule.mode
    ]
  ])
  // Dropped, not just hidden: undoing the change must not bring back a summary (and its estimate) from before.
  if (summaryFor !== null && summaryFor !== draftKey) setSummaryFor(null)
  // Drawn from the plan of now while it is read (the view re-reads the clock): a summary left open said the end, and
  // the device's budget, of the moment Send was pressed.
  const waitingOn = useWaitingOnDevice(chosen?.id ?? null)
  const shownSummary = summaryFor === draftKey ? directSendPlan() : null

  /** The plan of sending this draft through the chosen device, now or at its schedule's time. */
  function directSendPlan(): DirectSendSummary | null {
    if (!chosen) return null
    // QA: the numbers on the opt-out list are left out of the send, so of its messages and its end too.
    // QA79: counted as the field counts its ready ones (recipientsSent), so the two say the same number.
    const counted = recipientsSent(recipients, send.isGroup, optedOut)
    const planned = planDraft(send, chosen, counted.sent, messagesEach, settings?.pacingMs ?? 0, waitingOn)
    if (!planned) return null
    return {
      ...planned,
      recipients: counted.recipients,
      optedOut: counted.optedOut.length,
      optedOutNumbers: counted.optedOut,
      repeatsLeftOut: repeatedRecipientsLeftOut(send.recipientsText, send.isGroup)
    }
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    setAttempted(true)
    setAnnounce('')
    // Read again at the press (the time left out: now): a schedule's time may have passed since the form last drew.
    const first = draftProblems(send, recipients, messagesEach, unpicked)[0]
    if (first) {
      focusProblem(first)
      return
    }
    // Ctrl+Enter submits past the button's own guard.
    if (optOutRefusalStands) {
      showSendError()
      return
    }
    // A large send, or one past the device's cap or quota, is summed up first; Send (or Ctrl+Enter) again while the
    // summary shows does not send: only its own button does.
    if (shownSummary) return
    const plan = directSendPlan()
    if (plan?.plan.needsSummary) {
      setSummaryFor(draftKey)
      return
    }
    await sendDraft()
  }

  function focusProblem(problem: DraftProblem): void {
    // A recipient marked ⚠: the first one's remove button, brought into sight (QA59: one of 300 pasted numbers was
    // five screens below the field the focus went to).
    const marked =
      problem === 'bad-recipients' ? formRef.current?.querySelector<HTMLElement>('.chip--bad button') : null
    if (marked) {
      marked.scrollIntoView?.({ block: 'nearest' })
      marked.focus()
      return
    }
    // An incomplete schedule: the field that is empty, the one that says "Required" (QA13 Q13-10), not always Date.
    const { schedule } = useSend.getState()
    const field =
      problem === 'schedule-incomplete' && schedule.date && !schedule.time
        ? 'send-schedule-time'
        : PROBLEM_FOCUS[problem]
    formRef.current?.querySelector<HTMLElement>(`#${field}`)?.focus()
  }

  async function sendDraft(optedOut?: 'leave-out', optedOutSeen?: readonly string[]): Promise<void> {
    // The time may have passed while the summary or the opt-out question was read: asked again, never sent at once.
    const { schedule } = useSend.getState()
    if (schedule.enabled && schedulePassed(schedule)) {
      setSummaryFor(null)
      setAttempted(true)
      focusProblem('schedule-passed')
      return
    }
    // Put away before the send: a sent draft is cleared at once, and its empty form's problems must not flash up as an
    // alert over the success (QA37 Q37-01). A send that fails keeps the draft, and its marks come back.
    setAttempted(false)
    const ok = await useSend.getState().send(optedOut, optedOutSeen)
    setSummaryFor(null)
    if (!ok) setAttempted(true)
    else {
      setAnnounce(useSend.getState().sent?.scheduled ? t('send.done.scheduled') : t('send.done.queued'))
    }
  }

  return (
    <section className="view send" aria-labelledby="send-heading" data-testid="view-send">
      <ViewHeading id="send-heading">{t('send.title')}</ViewHeading>
      <p role="status" className="visually-hidden">
        {announce ? <SendOutcome done={announce} /> : null}
      </p>
      {/* The next message starts with whom it goes to. */}
      <SentBatch
        onGone={(focusLost) => {
          // The outcome belonged to the message whose card is gone: the next one starts without it.
          setAnnounce('')
          if (!focusLost) return
          // The focus goes to what the next draft has: the caption of the files just added (dropped, pasted), else
          // the recipients, where a message starts.
          const field = useSend.getState().files.length > 0 ? '#send-caption' : '#send-recipients'
          formRef.current?.querySelector<HTMLElement>(field)?.focus()
        }}
      />
      <form
        ref={formRef}
        className="send-form"
        noValidate
        onSubmit={(e) => void submit(e)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return
          // Ctrl+Enter (Cmd+Enter on macOS) sends from any field, as in mail and chat clients.
          if (e.ctrlKey || e.metaKey) {
            e.preventDefault()
            if (!send.sending) formRef.current?.requestSubmit()
            return
          }
          // A plain Enter in a field is no Send (the browser's implicit submission): an operator entering numbers
          // with Enter read "Add a file or write a text message" before pressing Send. Buttons (and Choose files) keep
          // theirs.
          if (
            e.target instanceof HTMLInputElement &&
            !['submit', 'button', 'reset', 'file'].includes(e.target.type)
          )
            e.preventDefault()
        }}
        data-testid="send-form"
      >
        <section className="card files" aria-labelledby="files-title">
          <h3 id="files-title">{t('send.files')}</h3>
          <div className="dropzone" data-testid="send-dropzone">
            <span className="dropzone-symbol" aria-hidden="true">
              ⬇
            </span>
            <p>{t('send.drop.hint')}</p>
            <FilePickButton
              id="send-file-input"
              label={t('send.drop.choose')}
              multiple
              testId="send-file-input"
              describedBy="send-file-limit"
              onFiles={(files) => void useSend.getState().addFiles(files, maxFileBytes)}
            />
            <p id="send-file-limit" className="field-hint">
              {t('send.drop.limit', { max: formatBytes(maxFileBytes, locale) })}
            </p>
          </div>
          <FilesStatus />
          <Rejections maxFileBytes={maxFileBytes} />
          <DraftFiles maxFileBytes={maxFileBytes} />
          {send.files.length > 0 ? (
            <Field
              id="send-caption"
              label={t('send.caption')}
              hint={<CaptionHint caption={send.caption} kinds={send.files.map((file) => file.kind)} />}
              error={
                isWithinTextLimit(send.caption) ? null : t('send.problem.captionTooLong', { max: TEXT_LIMIT })
              }
            >
              {(control) => (
                <input
                  {...control}
                  data-testid="send-caption"
                  dir="auto"
                  value={send.caption}
                  onChange={(e) => send.setFields({ caption: e.target.value })}
                />
              )}
            </Field>
          ) : null}
        </section>

        <section className="card" aria-labelledby="to-title">
          <h3 id="to-title" className="visually-hidden">
            {t('send.recipients')}
          </h3>
          <RecipientsField showRequired={attempted} optedOut={optedOut} />
        </section>

        <section className="card" aria-labelledby="message-title">
          <h3 id="message-title">{t('send.message')}</h3>
          <Field
            id="send-text"
            label={t('send.text')}
            hint={<TypedTextHint text={send.text} testId="send-text-variables" />}
            error={
              !isWithinTextLimit(send.text) && !send.splitLongText
                ? t('send.problem.textTooLong', { max: TEXT_LIMIT })
                : attempted && problems.includes('nothing-to-send')
                  ? t('send.problem.nothing')
                  : null
            }
          >
            {(control) => (
              <textarea
                {...control}
                rows={4}
                dir="auto"
                data-testid="send-text"
                value={send.text}
                onChange={(e) => send.setFields({ text: e.target.value })}
              />
            )}
          </Field>
          <LongTextOffer />
          {hasWhatsAppFormatting(send.text) ? (
            <figure className="format-preview" aria-labelledby="send-preview-title">
              <figcaption id="send-preview-title" className="field-hint">
                {t('send.preview')}
              </figcaption>
              <p className="format-preview-text" dir="auto">
                <WhatsAppText text={send.text} />
              </p>
            </figure>
          ) : null}
          <Field
            id="send-device"
            label={t('send.device')}
            error={attempted && !chosen ? t('send.problem.noDevice') : null}
          >
            {(control) => (
              <select
                {...control}
                data-testid="send-device"
                value={deviceId}
                onChange={(e) => send.setFields({ deviceId: e.target.value })}
              >
                {chosen ? null : <option value="">{t('send.device.none')}</option>}
                {devices.map((d) => (
                  // The state before the number: a narrow window cuts the end of a picker's text, and the state is
                  // why it is there.
                  <option key={d.id} value={d.id}>
                    {deviceChoiceLabel(d, t)}
                    {d.sender ? ` (${formatPhoneForReading(d.sender)})` : ''}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {waitHint ? (
            <p className="field-hint" data-testid="send-device-warning">
              {t(waitHint)}
            </p>
          ) : capSpent ? (
            <p className="field-hint" data-testid="send-device-warning">
              {t('send.device.capSpent', {
                at: formatDateTimeInZone(capSpent.at, locale, capSpent.zone)
              })}
            </p>
          ) : null}
          <ScheduleFields
            showRequired={attempted}
            now={now}
            onSendNow={() => {
              // Send now, chosen: the form goes as "send now" (with its summary or questions, if any).
              flushSync(() => useSend.getState().setSchedule({ enabled: false }))
              formRef.current?.requestSubmit()
            }}
          />
        </section>

        {attempted && problems.length > 0 ? (
          <div className="alert alert--bad" role="alert" data-testid="send-problems">
            <ul>
              {problems.map((p) => (
                <li key={p}>{t(PROBLEM_TEXT[p], { max: PROBLEM_MAX[p] ?? TEXT_LIMIT })}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {send.sendError ? (
          // Brought into sight above the sticky Send row, with the focus (QA59: it came under it, and nothing seemed
          // to happen).
          <div ref={sendErrorRef} tabIndex={-1} data-testid="send-error-place">
            {send.sendError.code === 'opted_out' ? (
              <OptOutQuestion
                testId="send-opt-out-ask"
                question={coreMessage(send.sendError, language)}
                busy={send.sending}
                onLeaveOut={
                  recipients.length > 1
                    ? () => {
                        // The question goes as the send starts, its pressed answer with it: the focus waits on Send (busy
                        // meanwhile), where it would be had the operator sent from there, not on the page.
                        submitRef.current?.focus()
                        void sendDraft('leave-out')
                      }
                    : undefined
                }
              />
            ) : (
              <p className="alert alert--bad" role="alert" data-testid="send-error">
                {coreMessage(send.sendError, language)}
              </p>
            )}
          </div>
        ) : null}
        {shownSummary && chosen ? (
          <SendSummary
            recipients={shownSummary.recipients}
            optedOut={shownSummary.optedOut}
            repeatsLeftOut={shownSummary.repeatsLeftOut}
            messages={shownSummary.messages}
            typedVariable={
              firstTypedVariable(send.text) ??
              (send.files.length > 0 ? firstTypedVariable(send.caption) : null)
            }
            device={chosen}
            plan={shownSummary.plan}
            finish={shownSummary.finish}
            schedule={shownSummary.schedule}
            pacingMs={settings?.pacingMs ?? 0}
            waiting={shownSummary.schedule ? 0 : shownSummary.waiting}
            timeZone={shownSummary.schedule?.timeZone ?? (settings?.defaultTimezone || computerZone())}
            busy={send.sending}
            // QA71 follow-up: the summary said who is left out, so its Send is that answer (the question asked it
            // again); naming them, so a list changed since is asked about, never sent to.
            onSend={() =>
              void (shownSummary.optedOut > 0
                ? sendDraft('leave-out', shownSummary.optedOutNumbers)
                : sendDraft())
            }
            onBack={() => {
              backToSend.current = true
              setSummaryFor(null)
            }}
          />
        ) : (
          <div className="actions send-actions">
            <button
              ref={submitRef}
              type="submit"
              className="button button--primary"
              data-testid="send-submit"
              // Said unavailable and a press stopped, as while it sends; still focusable: "Leave them out" hands it
              // the focus.
              {...busyButtonProps(send.sending || optOutRefusalStands)}
            >
              {send.sending
                ? t('send.submitting')
                : send.schedule.enabled
                  ? t('send.submit.schedule')
                  : t('send.submit.now')}
            </button>
          </div>
        )}
      </form>
    </section>
  )
}
