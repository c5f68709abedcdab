// A device's canned replies beside the reply box: pick one to insert (`cannedReplies:render` fills {name} and
// {number} for this conversation; what it could not fill stays as written, and the reply box says so while it holds
// it), and a small panel to add, edit and remove them.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { CannedReplyView } from '../../../../shared/contract'
import { call, errorInfo } from '../../api'
import { useT } from '../../i18n'
import { MAX_TITLE_LENGTH } from '../../../../shared/domain/limits'
import { lengthError, tooLongError } from '../../ui/text-limit'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { cancelOnEscape } from '../../ui/escape'

export function CannedReplies({
  deviceId,
  conversationId,
  onInsert
}: {
  deviceId: string
  conversationId: number
  onInsert(text: string): void
}): React.JSX.Element {
  const t = useT()
  const [replies, setReplies] = useState<CannedReplyView[] | null>(null)
  const [chosen, setChosen] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [managing, setManaging] = useState(false)

  const load = useCallback((): void => {
    call('cannedReplies:list', { deviceId })
      .then((reply) => setReplies(reply.replies))
      .catch((e: unknown) => setError(errorInfo(e).message))
  }, [deviceId])
  useEffect(load, [load])

  const selected = replies?.find((r) => r.id === chosen) ?? replies?.[0]

  async function insert(): Promise<void> {
    if (!selected) return
    try {
      const rendered = await call('cannedReplies:render', { id: selected.id, conversationId })
      setError(null)
      onInsert(rendered.text)
    } catch (e) {
      setError(errorInfo(e).message)
    }
  }

  return (
    <div className="inbox-canned" data-testid="inbox-canned">
      {replies && replies.length > 0 ? (
        <div className="inbox-canned-pick">
          <label htmlFor="inbox-canned-select">{t('inbox.canned.label')}</label>
          <select
            id="inbox-canned-select"
            className="input"
            data-testid="inbox-canned-select"
            value={selected?.id ?? ''}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {replies.map((reply) => (
              <option key={reply.id} value={reply.id}>
                {reply.title}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--small"
            data-testid="inbox-canned-insert"
            onClick={() => void insert()}
          >
            {t('inbox.canned.insert')}
          </button>
        </div>
      ) : replies ? (
        <p className="muted small">{t('inbox.canned.none')}</p>
      ) : null}
      <button
        type="button"
        className="link-button"
        aria-expanded={managing}
        data-testid="inbox-canned-manage"
        onClick={() => setManaging((now) => !now)}
      >
        {t('inbox.canned.manage')}
      </button>
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error}
        </p>
      ) : null}
      {managing && replies ? (
        <CannedRepliesPanel deviceId={deviceId} replies={replies} onChanged={load} />
      ) : null}
    </div>
  )
}

/** Add, edit and remove a device's canned replies. */
function CannedRepliesPanel({
  deviceId,
  replies,
  onChanged
}: {
  deviceId: string
  replies: CannedReplyView[]
  onChanged(): void
}): React.JSX.Element {
  const t = useT()
  const [editing, setEditing] = useState<number | null>(null)
  const [title, setTitle] = useState('')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState(false)
  // Add and Save disable as the form empties, Remove and Cancel go: the focus fell to the page (QA46 Q46-01). It goes
  // to the Title field, ready for the next reply, the status beside saying what was done.
  const titleField = useRef<HTMLInputElement>(null)
  // Edit puts the reply in the form above: the focus goes to its Title, and Cancel (or Escape) back to its Edit.
  const editButtons = useRef(new Map<number, HTMLButtonElement>())
  // A removed reply's button goes with its row once the list is read again (QA62: Chromium dropped the focus to the
  // page). The reply that takes its place has the focus on its Edit (the one before, for the last; the Title field for
  // none left): the operator goes on through the list (QA74). Edit, not Remove: a held Enter removes no more. Before
  // the focus-after-action step, which would give the Title field a button gone.
  const removedAt = useRef<{ id: number; index: number } | null>(null)
  useLayoutEffect(() => {
    const removed = removedAt.current
    if (!removed || replies.some((reply) => reply.id === removed.id)) return
    removedAt.current = null
    // Focus the operator moved elsewhere meanwhile stays.
    const active = document.activeElement
    if (active !== null && active !== document.body) return
    const beside = replies[removed.index] ?? replies[removed.index - 1]
    ;(beside ? editButtons.current.get(beside.id) : titleField.current)?.focus()
  }, [replies])
  const actionStarts = useFocusAfterAction(busy, titleField)
  const problem = lengthError(t, title, MAX_TITLE_LENGTH) ?? tooLongError(t, text)

  function edit(reply: CannedReplyView | null): void {
    setEditing(reply?.id ?? null)
    setTitle(reply?.title ?? '')
    setText(reply?.text ?? '')
    setError(null)
  }

  async function act(action: () => Promise<string>): Promise<void> {
    actionStarts()
    setBusy(true)
    try {
      setDone(await action())
      onChanged()
    } catch (e) {
      setError(errorInfo(e).message)
    } finally {
      setBusy(false)
    }
  }

  function save(): void {
    if (title.trim() === '' || text.trim() === '' || problem) return
    void act(async () => {
      const saved = await call('cannedReplies:save', {
        ...(editing ? { id: editing } : {}),
        deviceId,
        title,
        text
      })
      edit(null)
      return t(editing ? 'inbox.canned.saved' : 'inbox.canned.added', { title: saved.title })
    })
  }

  function remove(reply: CannedReplyView): void {
    void act(async () => {
      await call('cannedReplies:remove', { id: reply.id })
      if (editing === reply.id) edit(null)
      removedAt.current = { id: reply.id, index: replies.indexOf(reply) }
      return t('inbox.canned.removed', { title: reply.title })
    })
  }

  function startEdit(reply: CannedReplyView): void {
    edit(reply)
    titleField.current?.focus()
  }

  function cancelEdit(): void {
    const from = editing === null ? undefined : editButtons.current.get(editing)
    edit(null)
    const back = from ?? titleField.current
    back?.focus()
  }

  return (
    <section
      className="inbox-canned-panel"
      aria-labelledby="inbox-canned-heading"
      data-testid="inbox-canned-panel"
      onKeyDown={(event) => {
        if (editing) cancelOnEscape(cancelEdit, busy)(event)
      }}
    >
      <h4 id="inbox-canned-heading">{t('inbox.canned.heading')}</h4>
      <ul className="inbox-messages">
        {replies.map((reply) => (
          <li key={reply.id} className="inbox-canned-item">
            <span>{reply.title}</span>{' '}
            <button
              type="button"
              className="link-button"
              ref={(button) => {
                if (button) editButtons.current.set(reply.id, button)
                else editButtons.current.delete(reply.id)
              }}
              onClick={() => startEdit(reply)}
            >
              {t('inbox.canned.edit', { title: reply.title })}
            </button>{' '}
            <button type="button" className="link-button" onClick={() => remove(reply)}>
              {t('inbox.canned.remove', { title: reply.title })}
            </button>
          </li>
        ))}
      </ul>
      <label htmlFor="inbox-canned-title">{t('inbox.canned.title')}</label>
      <input
        ref={titleField}
        id="inbox-canned-title"
        className="input"
        data-testid="inbox-canned-title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <label htmlFor="inbox-canned-text">{t('inbox.canned.text')}</label>
      <textarea
        id="inbox-canned-text"
        className="input"
        rows={3}
        dir="auto"
        data-testid="inbox-canned-text"
        aria-describedby="inbox-canned-variables"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p id="inbox-canned-variables" className="muted small">
        {t('inbox.canned.variables')}
      </p>
      {problem || error ? (
        <p className="alert alert--bad" role="alert">
          {problem ?? error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--small"
        data-testid="inbox-canned-save"
        disabled={title.trim() === '' || text.trim() === '' || problem !== null}
        onClick={save}
      >
        {editing ? t('inbox.canned.saveChanges') : t('inbox.canned.add')}
      </button>
      {editing ? (
        <button type="button" className="link-button" onClick={cancelEdit}>
          {t('inbox.canned.cancelEdit')}
        </button>
      ) : null}
      <p className="visually-hidden" role="status" data-testid="inbox-canned-status">
        {done}
      </p>
    </section>
  )
}
