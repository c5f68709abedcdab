// Recipients: contacts and groups picked by name, phone numbers (normalised and checked as typed, several at once) or
// group ids, shown as chips with their names, plus recent ones.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { call } from '../../api'
import { useT } from '../../i18n'
import { useSend } from '../../stores/send'
import { Field } from '../../ui/Field'
import {
  checkGroupId,
  isSearchText,
  normalisePhone,
  parseRecipients,
  repeatedRecipientsLeftOut,
  splitDraft,
  unpickedName,
  withDraftEntered,
  withoutRecipient,
  withRecipient
} from './recipients'
import { MAX_SEND_RECIPIENTS } from '../../../../shared/domain/limits'
import { RecipientName } from '../../ui/RecipientName'
import { useChipRemoval } from '../../ui/chip-removal'
import { ChipsNotDrawn, chipsDrawn, ContactPicker, RecipientChip } from './ContactPicker'
import { recipientsSent } from './opted-out-recipients'
import './send.css'

export function RecipientsField({
  showRequired,
  optedOut
}: {
  showRequired: boolean
  /** The recipients on the opt-out list, asked by the view (useOptedOutRecipients), whose summary counts them too. */
  optedOut: ReadonlySet<string>
}): React.JSX.Element {
  const t = useT()
  const text = useSend((s) => s.recipientsText)
  const isGroup = useSend((s) => s.isGroup)
  const setFields = useSend((s) => s.setFields)
  // A name being typed is a search in the picker, not a recipient yet: no chip, no error for it while it is typed.
  const parsed = useMemo(() => {
    const { entered, draft } = splitDraft(text)
    return parseRecipients(isSearchText(draft, isGroup) ? entered : text, isGroup)
  }, [text, isGroup])
  const [recent, setRecent] = useState<string[]>([])
  // What "Remove all recipients" took away (as typed, for Undo), and how many.
  const [removedAll, setRemovedAll] = useState<{ count: number; text: string } | null>(null)
  // QA76: the number being typed is drawn as a chip too ("Recipients ready: 1"), though still the field's text; a
  // word typed on a chip's × or a recent number went to the field and ran into it ("0857 6666 7777Halo", marked ⚠).
  // That number is entered first, so the chip stays and the word starts a recipient of its own.
  const enterDraftShownAsChip = (): void => {
    const { draft } = splitDraft(text)
    if (draft.trim() !== '' && !isSearchText(draft, isGroup))
      setFields({ recipientsText: withDraftEntered(text, isGroup) })
  }
  const { list: chipsList, removing: removingChip } = useChipRemoval(
    () => document.getElementById('send-recipients'),
    '.chip-remove',
    { beforeTyping: enterDraftShownAsChip }
  )
  // The same function every render, for the memoised chips: the field's text as it is when a chip's × is pressed.
  const removeChip = useCallback(
    (index: number, raw: string): void => {
      removingChip(index)
      setFields({ recipientsText: withoutRecipient(useSend.getState().recipientsText, raw) })
    },
    [removingChip, setFields]
  )
  // QA74: the recent numbers are one Tab stop with the arrow keys inside, as the chips are; a picked one leaves the
  // list, so the focus goes on to the next one (else the previous, else the field) instead of falling to the page.
  const { list: recentList, removing: pickingRecent } = useChipRemoval(
    () => document.getElementById('send-recipients'),
    '.recent-button',
    { deleteKeys: false, beforeTyping: enterDraftShownAsChip }
  )

  // Asked again after each send: the numbers just sent to are there for the next message (QA26 Q26-06).
  const lastSendAt = useSend((s) => s.sent?.at ?? null)
  useEffect(() => {
    let live = true
    call('recipients:recent', {})
      .then((reply) => {
        if (live) setRecent(reply.recipients)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [lastSendAt])

  // Said until a recipient is typed again, and not again when chips are later removed one by one (set while
  // rendering, as React advises for state that follows other state).
  if (removedAll !== null && parsed.length > 0) setRemovedAll(null)

  // The recent list holds numbers and group ids alike (an operator's probe: a group's id offered under Phone numbers
  // became a chip in error): each is offered where it can be sent to.
  // QA74: nor is one already among the recipients offered again (0030 was listed under a chip of 0030).
  const picked = new Set(parsed.filter((r) => r.problem === null).map((r) => r.value))
  const recentHere = recent.filter((r) => {
    const { value, problem } = isGroup ? checkGroupId(r) : normalisePhone(r)
    return problem === null && !picked.has(value)
  })

  const repeatsLeftOut = repeatedRecipientsLeftOut(text, isGroup)
  const drawn = chipsDrawn(parsed)
  // QA71: a number on the opt-out list is marked on its chip and counted as it is entered, not only once Send is refused.
  // QA79: and ready are only those a send goes to, counted as the pre-send summary counts its "will be sent".
  const counted = recipientsSent(parsed, isGroup, optedOut)
  const good = counted.recipients
  const bad = parsed.length - good
  const optedOutCount = counted.optedOut.length
  // Once Send was pressed, a name still being typed is what stops it: said so, not "add a recipient".
  const unpicked = showRequired ? unpickedName(text, isGroup) : null
  const error =
    unpicked !== null
      ? t('send.recipients.unpicked', { name: unpicked })
      : // Over the limit first: mending a marked number would not make the send go.
        parsed.length > MAX_SEND_RECIPIENTS
        ? t('send.recipients.tooMany', { count: parsed.length, max: MAX_SEND_RECIPIENTS })
        : bad > 0
          ? t('send.recipients.bad', { count: bad })
          : showRequired && parsed.length === 0
            ? t('send.recipients.required')
            : null

  return (
    <fieldset className="recipients">
      <legend>{t('send.recipients')}</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={isGroup}
          data-testid="send-group-toggle"
          onChange={(e) => setFields({ isGroup: e.target.checked })}
        />{' '}
        {t('send.group')}
      </label>
      <Field
        id="send-recipients"
        label={isGroup ? t('send.recipients.groupLabel') : t('send.recipients.label')}
        hint={isGroup ? t('send.recipients.groupHint') : t('send.recipients.hint')}
        error={error}
        errorTestId="send-recipients-error"
      >
        {(control) => (
          <ContactPicker
            control={control}
            text={text}
            isGroup={isGroup}
            onText={(recipientsText) => setFields({ recipientsText })}
            onGroup={(group) => setFields({ isGroup: group })}
            testId="send-recipients"
          />
        )}
      </Field>
      {parsed.length > 0 ? (
        <>
          <div className="recipients-summary">
            <p className="muted small" aria-live="polite" data-testid="send-recipients-summary">
              {/* A number still being typed is no recipient yet: "ready: 0" on the way to the first one is noise
                  a screen reader would say (QA37 Q37-08). */}
              {/* Over the limit none of them is ready: how far over is what helps (the field says the limit). */}
              {parsed.length > MAX_SEND_RECIPIENTS
                ? t('send.recipients.countOverLimit', {
                    count: parsed.length,
                    over: parsed.length - MAX_SEND_RECIPIENTS
                  })
                : good > 0
                  ? optedOutCount > 0
                    ? t('send.recipients.countOptedOut', {
                        count: counted.sent,
                        recipients: good,
                        optedOut: optedOutCount
                      })
                    : t('send.recipients.count', { count: good })
                  : null}
              {repeatsLeftOut > 0
                ? ` ${t('send.recipients.repeatsLeftOut', { count: repeatsLeftOut })}`
                : null}
            </p>
            {/* A pasted wrong column is 120 chips: one action instead of 120 × buttons. */}
            {parsed.length >= 2 ? (
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  setRemovedAll({ count: parsed.length, text })
                  setFields({ recipientsText: '' })
                  document.getElementById('send-recipients')?.focus()
                }}
              >
                {t('send.recipients.removeAll')}
              </button>
            ) : null}
          </div>
          <p className="small" aria-live="polite" data-testid="send-recipients-opted-out">
            {optedOutCount > 0 ? t('send.recipients.optedOut', { count: optedOutCount }) : ''}
          </p>
          <ul
            {...chipsList}
            className="chips"
            aria-label={t('send.recipients.chips')}
            data-testid="recipient-chips"
          >
            {drawn.map((r, index) => (
              <RecipientChip
                key={r.value || r.raw}
                raw={r.raw}
                value={r.value}
                problem={r.problem}
                index={index}
                isGroup={isGroup}
                optedOut={!isGroup && r.problem === null && optedOut.has(r.value)}
                remove={removeChip}
                t={t}
                testId="recipient-chip"
              />
            ))}
          </ul>
          <ChipsNotDrawn drawn={drawn.length} of={parsed.length} testId="send-recipients-not-drawn" />
        </>
      ) : null}
      <p role="status" className="small" data-testid="send-recipients-removed">
        {removedAll !== null && parsed.length === 0
          ? t('send.recipients.removedAll', { count: removedAll.count })
          : ''}
      </p>
      {/* It is the next Tab stop after the field, so one stray Space can take them all (QA16 Q16-12): Undo puts them
          back, before a name or number typed since. */}
      {removedAll !== null && parsed.length === 0 ? (
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            setRemovedAll(null)
            setFields({ recipientsText: withRecipientsBefore(removedAll.text, text) })
            document.getElementById('send-recipients')?.focus()
          }}
        >
          {t('send.recipients.undoRemoveAll')}
        </button>
      ) : null}
      {recentHere.length > 0 ? (
        <div className="recent" role="group" aria-labelledby="recent-title">
          <span id="recent-title" className="small">
            {t('send.recent')}
          </span>
          <ul {...recentList} className="recent-list">
            {recentHere.slice(0, 8).map((r, index) => (
              <li key={r}>
                <button
                  type="button"
                  className="button button--small recent-button"
                  data-testid="recent-recipient"
                  onClick={() => {
                    pickingRecent(index)
                    setFields({ recipientsText: withRecipient(text, r) })
                  }}
                >
                  {/* Named as its chip will be: a customer a sheet named was a bare number here. */}
                  <RecipientName chatId={r} isGroup={isGroup} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  )
}

/** The recipients Undo puts back, then what was typed since (a name being searched), as one field's text. */
function withRecipientsBefore(removed: string, typedSince: string): string {
  if (typedSince.trim() === '') return removed
  return `${removed.replace(/[\s,;]+$/, '')}, ${typedSince.trimStart()}`
}
