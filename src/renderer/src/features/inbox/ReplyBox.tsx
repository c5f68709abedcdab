// The reply box under a thread: a text with the Send view's checks (the shared text limit), one file by the file
// picker, drop or paste (registered as the Send view registers files), the WhatsApp formatting preview, canned
// replies, and `inbox:reply`
// with one requestId per draft, so a double click (or a retry of an answer that got lost) sends once. Drawn with the
// conversation's id as its key: another conversation, another draft, each kept until sent (stores/reply-drafts.ts).
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { FileHandleView, InboxConversationView, OutboxStatus } from '../../../../shared/contract'
import { bucketOf, WAITING_BUCKETS } from '../../../../shared/domain/status-buckets'
import {
  audioCaptionNotice,
  carriesCaption,
  hasWhatsAppFormatting,
  typedVariables
} from '../../../../shared/domain'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { call, coreMessage, errorInfo, errorWords, getApi } from '../../api'
import { localeOf, useLanguage, useT, type SaidLine } from '../../i18n'
import { formatBytesBesideLimit } from '../../i18n/dates'
import { useDevices } from '../../stores/devices'
import { useSettings } from '../../stores/settings'
import { busyButtonProps } from '../../ui/busy-button'
import { FilePickButton } from '../../ui/FilePickButton'
import { tooLongError } from '../../ui/text-limit'
import { FilePicture } from '../../ui/FilePicture'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { useFocusKeptInside } from '../../ui/use-focus-kept-inside'
import { WhatsAppText } from '../../ui/WhatsAppText'
import { OptOutQuestion } from '../../ui/OptOutQuestion'
import { fileLimitFor } from '../send/file-limit'
import { CannedReplies } from './CannedReplies'
import { isSendable } from '../../../../shared/device-status'
import { waitsUntilKey } from '../devices/device-choice'
import { useConversationDevice } from './conversation-device'
import { checkKeptReplyFile, keepReplyDraft, replyDraftFor } from '../../stores/reply-drafts'
import { optOutHowText, useOptOutEntry } from '../campaigns/opt-out-source'
import { useKeptOpenWhilePressed } from './kept-open-while-pressed'
import { useShownAboveSend } from './shown-above-send'

/** The id of the reply box's text field: the keyboard's "reply" focuses it. */
export const REPLY_TEXT_ID = 'inbox-reply-text'
/** The line drawn in the box's place when the conversation's device is not in Sender Desk. */
const NO_DEVICE_ID = 'inbox-reply-no-device'

const newRequestId = (): string => crypto.randomUUID()

export function ReplyBox({
  conversation,
  statusOf,
  onSent,
  onConversationGone
}: {
  conversation: InboxConversationView
  /** The status the thread shows for one of its sent items, when it shows it. */
  statusOf(itemId: string): OutboxStatus | undefined
  /** Queued: the outbox items the reply became (the thread shows them). */
  onSent(itemIds: readonly string[]): void
  /** The core refused the reply: its conversation was deleted meanwhile (the terminal), and nothing was queued. */
  onConversationGone(): void
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const device = useDevices((s) => s.devices.find((d) => d.id === conversation.deviceId))
  const settings = useSettings((s) => s.settings)
  /** Named on the button when there are several devices: which number the customer gets the reply from. */
  const deviceName = useConversationDevice(conversation)
  // What a reply waits for on a device that cannot send now, as Send and a campaign's "Send from" say (QA5 N09).
  const waitsFor = device && !isSendable(device.state) ? waitsUntilKey(device.state) : null
  // What was being written here before another conversation opened (stores/reply-drafts.ts).
  const [draft] = useState(() => replyDraftFor(conversation.id, conversation.chatId))
  const [text, setText] = useState(draft?.text ?? '')
  const [file, setFile] = useState<FileHandleView | null>(draft?.file ?? null)
  /** The File the operator attached, by the handle it was registered under: its picture is made from it. */
  const [attachedFrom, setAttachedFrom] = useState<{ handle: string; file: File } | null>(null)
  /** The attached file now (an answer awaited while another was attached compares with this one, not its render's). */
  const fileRef = useRef(file)
  /**
   * A file the operator attached that cannot be sent (empty, too large, not what its name says): it holds the reply
   * back until removed or replaced, so the text never goes without it unasked (QA: it was sent alone, silently).
   */
  const [refused, setRefused] = useState<{ name: string; said: SaidLine } | null>(draft?.refused ?? null)
  const [problem, setProblem] = useState<string | null>(null)
  /** The core's question when the customer is on the opt-out list: a reply is a direct send, asked about first. */
  const [optedOut, setOptedOut] = useState(false)
  const listedAs = useOptOutEntry(conversation.chatId, conversation.isGroup)
  /**
   * On the opt-out list as the window last read it: Send reply is off, the note at the box saying why (QA79: it stayed
   * on, each click refused the same way); read again as the list changes, so it comes back without a reload.
   */
  const listed = listedAs !== null
  // The list read again (on it now, or taken off): the core's last refusal is said by the note, or no longer holds.
  const [listedBefore, setListedBefore] = useState(listed)
  if (listedBefore !== listed) {
    setListedBefore(listed)
    setOptedOut(false)
  }
  const [busy, setBusy] = useState(false)
  const pressedAway = useKeptOpenWhilePressed()
  /** The last reply's items while "Reply queued" has something to say (null: nothing said). */
  const [queuedReply, setQueuedReply] = useState<readonly string[] | null>(null)
  const requestId = useRef(draft?.requestId ?? newRequestId())
  const sending = useRef(false)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const sendRef = useRef<HTMLButtonElement>(null)
  const removeRefusedRef = useRef<HTMLButtonElement>(null)
  // Send keeps the focus while the reply goes, and is disabled after it (the box is empty): the focus returns to the
  // reply box (QA N01).
  const actionStarts = useFocusAfterAction(busy, textRef)
  /** A refusal disabled the Send button that had the focus: its Remove button takes it (QA N02). */
  const focusRefusal = useRef(false)
  const conversationId = conversation.id
  const chatId = conversation.chatId
  useEffect(() => {
    keepReplyDraft(conversationId, { chatId, text, file, refused, requestId: requestId.current })
  }, [conversationId, chatId, text, file, refused])
  // A file brought back with the draft from storage (a reload, a restart) comes back under the handle the core holds
  // it by now, or is said gone or changed here, not at its send.
  useEffect(() => {
    checkKeptReplyFile(conversationId, draft)
      ?.then(({ kept, file: now, refused: refusal }) => {
        // Removed or replaced meanwhile: nothing to say about it any more.
        if (fileRef.current?.handle !== kept.handle) return
        if (refusal) refuse(refusal.name, refusal.said)
        else if (now) attach(now, true)
      })
      .catch(() => undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the draft this box was drawn with
  }, [])
  const formRef = useRef<HTMLFormElement>(null)
  useShownAboveSend(formRef, 'inbox-reply-file', file?.handle)
  useShownAboveSend(formRef, 'inbox-reply-problem', refused ?? problem)
  useShownAboveSend(formRef, 'inbox-reply-opted-out', optedOut)
  useLayoutEffect(() => {
    if (!refused || !focusRefusal.current) return
    focusRefusal.current = false
    removeRefusedRef.current?.focus()
  }, [refused])
  // What turns off or goes under the focus unasked hands it on, not to the page (issue 29 point 4): Send reply as the
  // number goes on the opt-out list (the customer wrote STOP as the operator was about to press it) to the note that
  // says why, that note as the number leaves the list to the reply being written, and the whole box as its device is
  // removed to the line that says no reply can be written; and that line, as the device comes back (added again), to
  // the reply text box that takes its place, whatever note is above it (the box is described by it). Whichever of the
  // two is drawn is watched.
  const listedRef = useRef<HTMLParagraphElement>(null)
  const noDeviceRef = useRef<HTMLParagraphElement>(null)
  useFocusKeptInside(
    conversation.deviceId ? formRef : noDeviceRef,
    (left) => (left.id === NO_DEVICE_ID ? null : listedRef.current) ?? textRef.current ?? noDeviceRef.current
  )

  if (!conversation.deviceId) {
    return (
      <p
        id={NO_DEVICE_ID}
        className="muted"
        data-testid="inbox-reply-no-device"
        ref={noDeviceRef}
        tabIndex={-1}
      >
        {t('inbox.reply.noDevice')}
      </p>
    )
  }
  const deviceId = conversation.deviceId

  // "Reply queued" says where to look for the reply's status; once its bubble shows the reply has left this
  // computer (with the gateway, sent, delivered…), the bubble says more than the line, which goes.
  const sentNote =
    queuedReply !== null &&
    !queuedReply.some((itemId) => {
      const status = statusOf(itemId)
      return status !== undefined && !WAITING_BUCKETS.includes(bucketOf(status))
    })
  const lengthProblem = tooLongError(t, text, file !== null)
  const empty = text.trim() === '' && file === null
  const leftAsWritten = typedVariables(text)
  // The Send view's rule: an audio file carries no caption, so the text goes as its own message after it (QA35 Q35-04).
  const textOnItsOwn = file !== null && audioCaptionNotice([file.kind], text) === 'own-message'

  /**
   * The reply's one file slot. A file taken out of it unsent (removed, or replaced by another) lets its registration
   * go at once, as Send's removeFile does; a sent one the main process took and let go already, as it replaced a kept
   * one's old handle by its new one (`taken`).
   */
  function attach(next: FileHandleView | null, taken = false): void {
    const previous = fileRef.current
    fileRef.current = next
    setFile(next)
    if (previous && !taken && previous.handle !== next?.handle)
      call('files:release', { handles: [previous.handle] }).catch(() => undefined)
  }

  /**
   * The file picked last, when it cannot be sent, takes the slot; why is said as drawn, as it is kept with the draft
   * while Settings may change the language (issue 29 point 6).
   */
  function refuse(name: string, said: SaidLine): void {
    focusRefusal.current = document.activeElement === sendRef.current
    attach(null)
    setRefused({ name, said })
  }

  async function addFiles(files: File[]): Promise<void> {
    const picked = files[0]
    if (!picked) return
    if (picked.size === 0)
      return refuse(picked.name, (say) => say('inbox.reply.fileEmpty', { name: picked.name }))
    const limit = fileLimitFor(device, settings)
    if (picked.size > limit) {
      return refuse(picked.name, (say, saidIn) => {
        const said = formatBytesBesideLimit(picked.size, limit, localeOf(saidIn))
        return say('inbox.reply.fileTooLarge', { name: picked.name, size: said.size, max: said.limit })
      })
    }
    try {
      const reply = await getApi().registerFiles([picked])
      const registered = reply.files[0]
      if (registered) {
        setAttachedFrom({ handle: registered.handle, file: picked })
        attach(registered)
        setRefused(null)
        setProblem(null)
        requestId.current = newRequestId()
      } else {
        // The core's words, said in the window's language (it sends their key).
        const rejection = reply.rejected[0]
        refuse(picked.name, (say, saidIn) =>
          rejection ? coreMessage(rejection, saidIn) : say('inbox.reply.fileRefused', { name: picked.name })
        )
      }
    } catch (e) {
      const words = errorWords(e)
      refuse(picked.name, (_say, saidIn) => coreMessage(words, saidIn))
    }
  }

  function removeRefused(): void {
    setRefused(null)
    document.getElementById(REPLY_TEXT_ID)?.focus()
  }

  async function send(): Promise<void> {
    // A second click while the first is on its way sends nothing more (the core would answer it as repeated).
    if (sending.current || empty || lengthProblem || refused || listed) return
    sending.current = true
    actionStarts()
    setBusy(true)
    setProblem(null)
    setOptedOut(false)
    try {
      const { itemIds } = await call('inbox:reply', {
        requestId: requestId.current,
        // The core refuses a reply to a conversation deleted meanwhile, in the transaction that would queue it.
        conversationId: conversation.id,
        deviceId,
        chatId: conversation.chatId,
        isGroup: conversation.isGroup,
        ...(text.trim() !== '' ? { text } : {}),
        ...(file ? { handle: file.handle } : {})
      })
      setText('')
      // The main process let the sent file go; one attached while it went was not sent, and goes here.
      attach(null, fileRef.current?.handle === file?.handle)
      setQueuedReply(itemIds)
      requestId.current = newRequestId()
      onSent(itemIds)
    } catch (e) {
      // The same requestId stays (trying again cannot send twice), but for one that went to another chat or device.
      const failure = errorInfo(e)
      if (failure.code === 'opted_out') setOptedOut(true)
      else if (failure.code === 'conversation_gone') onConversationGone()
      else {
        // Its requestId already went to another chat or device (a draft kept by an earlier build): the same words go
        // again as a new reply, kept so, and only when the operator sends them again.
        if (failure.code === 'reply_elsewhere') {
          requestId.current = newRequestId()
          keepReplyDraft(conversationId, { chatId, text, file, refused, requestId: requestId.current })
        }
        setProblem(failure.message)
      }
    } finally {
      sending.current = false
      setBusy(false)
    }
  }

  return (
    <form
      ref={formRef}
      // Nothing written: a narrow window shows the text field and Send alone until the box has the focus (inbox.css,
      // QA38 Q38-05), so the messages keep their share of the screen.
      className={
        empty && !refused
          ? `inbox-reply inbox-reply--idle${pressedAway.keptOpen ? ' inbox-reply--kept-open' : ''}`
          : 'inbox-reply'
      }
      onBlur={pressedAway.onBlur}
      aria-label={t('inbox.reply.heading')}
      data-testid="inbox-reply"
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
      // Ctrl+Enter sends from anywhere in the form, as its hint says (QA71: from "Attach a file…" it did nothing).
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault()
          void send()
        }
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault()
        void addFiles(Array.from(event.dataTransfer.files))
      }}
    >
      {/* Before the box, read before a word is written (QA60: at 360×640 Send's row covered it mid-sentence). */}
      {listedAs ? (
        <p
          id="inbox-reply-listed"
          ref={listedRef}
          className="alert alert--warn"
          data-testid="inbox-reply-listed"
          tabIndex={-1}
        >
          {t('inbox.reply.listed', {
            phone: formatPhoneForReading(conversation.chatId),
            how: optOutHowText(listedAs, t)
          })}
        </p>
      ) : null}
      <label htmlFor={REPLY_TEXT_ID}>{t('inbox.reply.label')}</label>
      <textarea
        ref={textRef}
        id={REPLY_TEXT_ID}
        className="input"
        rows={2}
        dir="auto"
        value={text}
        data-testid="inbox-reply-text"
        aria-invalid={lengthProblem ? true : undefined}
        aria-describedby={[
          ...(listedAs ? ['inbox-reply-listed'] : []),
          'inbox-reply-hint',
          ...(textOnItsOwn ? ['inbox-reply-audio'] : []),
          ...(waitsFor ? ['inbox-reply-device-warning'] : []),
          ...(leftAsWritten.length > 0 ? ['inbox-canned-missing'] : [])
        ].join(' ')}
        onChange={(event) => {
          setText(event.target.value)
          setQueuedReply(null)
          requestId.current = newRequestId()
        }}
        onPaste={(event) => {
          const files = Array.from(event.clipboardData.files)
          if (files.length === 0) return
          event.preventDefault()
          void addFiles(files)
        }}
        onKeyDown={(event) => {
          // A reply being written keeps its Escape: the conversation does not close under the writer (Q25-08).
          if (event.key === 'Escape' && !empty) event.preventDefault()
        }}
      />
      {/* An audio file carries no caption: the hint promises none then (the notice below says where the text goes). */}
      <p id="inbox-reply-hint" className="muted small">
        {file !== null && !carriesCaption(file.kind) ? t('inbox.reply.hintNoCaption') : t('inbox.reply.hint')}
      </p>
      {/* Under the text, so what opens as the box takes the focus (a narrow window's idle box hides it) opens below
          what the operator clicked, not above it. */}
      <CannedReplies
        deviceId={deviceId}
        conversationId={conversation.id}
        onInsert={(rendered) => {
          setText((now) => (now.trim() === '' ? rendered : `${now}\n${rendered}`))
          setQueuedReply(null)
          requestId.current = newRequestId()
          // Ready to finish the reply, or send it with Ctrl+Enter; Send in sight too, once the text is drawn (in a
          // narrow window the canned replies shown with the focus had pushed it below the screen, QA58).
          textRef.current?.focus()
          requestAnimationFrame(() => sendRef.current?.scrollIntoView?.({ block: 'nearest' }))
        }}
      />
      {/* What the reply holds as written: {name} a canned reply could not fill for this contact (or braces typed
          here), said for as long as the text holds it, whichever reply brought it (QA58: a second insert cleared it). */}
      {leftAsWritten.length > 0 ? (
        <p
          id="inbox-canned-missing"
          className="alert alert--warn"
          role="status"
          data-testid="inbox-canned-missing"
        >
          {t('inbox.canned.missing', { variables: leftAsWritten.join(', ') })}
        </p>
      ) : null}
      {textOnItsOwn ? (
        <p id="inbox-reply-audio" className="field-hint" data-testid="inbox-reply-audio">
          {t('inbox.reply.audioOwnMessage')}
        </p>
      ) : null}
      {waitsFor ? (
        <p id="inbox-reply-device-warning" className="field-hint" data-testid="inbox-reply-device-warning">
          {t(waitsFor)}
        </p>
      ) : null}
      {file ? (
        <p className="inbox-reply-file" data-testid="inbox-reply-file">
          <FilePicture
            file={file}
            picked={attachedFrom && attachedFrom.handle === file.handle ? attachedFrom.file : null}
            size={48}
            className="inbox-reply-picture"
            testId="inbox-reply-picture"
          />
          {file.name}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              attach(null)
              // The button leaves with the file: the focus goes back to the reply, not to the page (QA62).
              document.getElementById(REPLY_TEXT_ID)?.focus()
            }}
          >
            {t('inbox.reply.removeFile', { name: file.name })}
          </button>
        </p>
      ) : null}
      {text.trim() !== '' ? (
        // A long reply's preview scrolls inside a narrow window's thread (inbox.css): a stop the keyboard scrolls too.
        <div
          // A text WhatsApp shows as written, going as the caption: the preview repeats it, and a narrow window leaves
          // it out for the messages' room (inbox.css, QA67: the customer's message shrank to two lines while answering).
          className={
            hasWhatsAppFormatting(text) || textOnItsOwn
              ? 'inbox-reply-preview'
              : 'inbox-reply-preview inbox-reply-preview--as-written'
          }
          data-testid="inbox-reply-preview"
          role="group"
          aria-labelledby="inbox-reply-preview-label"
          tabIndex={0}
        >
          <p id="inbox-reply-preview-label" className="muted small">
            {t(textOnItsOwn ? 'inbox.reply.previewOwnMessage' : 'inbox.reply.preview')}
          </p>
          <p className="inbox-message-text" dir="auto">
            <WhatsAppText text={text} />
          </p>
        </div>
      ) : null}
      {refused ? (
        <div className="alert alert--bad" role="alert" data-testid="inbox-reply-problem">
          <p>
            {refused.said(t, language)} {t('inbox.reply.fileBlocks', { name: refused.name })}
          </p>
          <button
            ref={removeRefusedRef}
            type="button"
            className="button button--small"
            onClick={removeRefused}
          >
            {t('inbox.reply.removeFile', { name: refused.name })}
          </button>
        </div>
      ) : null}
      {lengthProblem || problem ? (
        <p className="alert alert--bad" role="alert" data-testid="inbox-reply-problem">
          {lengthProblem ?? problem}
        </p>
      ) : null}
      {optedOut ? (
        // Sender Desk put the number on the gateway's blacklist: the gateway refuses a reply whatever is answered.
        <OptOutQuestion
          testId="inbox-reply-opted-out"
          question={t('inbox.reply.optedOut', { phone: formatPhoneForReading(conversation.chatId) })}
          busy={busy}
        />
      ) : null}
      {/* One row under the text (QA: the box took half a 760 px window): attach, what the last Send did, Send. */}
      <div className="inbox-reply-actions">
        <FilePickButton
          id="inbox-reply-file-input"
          label={t('inbox.reply.attach')}
          testId="inbox-reply-attach"
          onFiles={(files) => void addFiles(files)}
        />
        {/* Always there, its words changing: a live region that arrives holding its words is not read (Q25-07). */}
        <p role="status" className="muted small" data-testid="inbox-reply-sent">
          {sentNote ? t('inbox.reply.sent') : ''}
        </p>
        <button
          ref={sendRef}
          type="submit"
          className="button button--primary"
          data-testid="inbox-reply-send"
          aria-keyshortcuts="Control+Enter"
          disabled={empty || lengthProblem !== null || refused !== null || listed}
          // A disabled button says nothing by itself: why it is off, and how that is lifted.
          aria-describedby={listed ? 'inbox-reply-listed' : undefined}
          {...busyButtonProps(busy)}
        >
          {busy
            ? t('inbox.reply.sending')
            : deviceName
              ? t('inbox.reply.sendFrom', { device: deviceName })
              : t('inbox.reply.send')}
        </button>
      </div>
    </form>
  )
}
