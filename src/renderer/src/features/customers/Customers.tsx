// The customer list: the contacts a page at a time (quick at 100,000), searched by a name's or a number's start, each
// with whether it opted out; a customer added (the number checked by the phone rule at its field), renamed, removed
// (with Undo). The names campaigns' name columns and the inbox learn are here too.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { CustomerPlace, CustomerView } from '../../../../shared/contract'
import { checkPhone, MAX_CONTACT_NAME_LENGTH, usableContactName } from '../../../../shared/domain'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { useT, type Translate } from '../../i18n'
import { Field } from '../../ui/Field'

/** Customers read at a time: a page fills a screen or two; Show more reads the next. */
const PAGE = 50

/** What takes the focus once the list has been drawn after an action. */
type FocusTarget = { row: string } | { rowAt: number } | { field: string } | 'status' | null

const nameProblem = (t: Translate): string => t('customers.nameProblem', { max: MAX_CONTACT_NAME_LENGTH })

/** The phone field's problem in words, or null when the number can be kept. */
function phoneProblem(phone: string, t: Translate): string | null {
  const { problem } = checkPhone(phone)
  if (problem === null) return null
  return problem === 'empty' ? t('customers.phoneEmpty') : t(`recipient.problem.${problem}`)
}

export function Customers(): React.JSX.Element {
  const t = useT()
  /** Read only once opened: the Campaigns view opens without asking for a page of customers. */
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const [customers, setCustomers] = useState<CustomerView[]>([])
  const [next, setNext] = useState<CustomerPlace | null>(null)
  const [loaded, setLoaded] = useState(false)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [note, setNote] = useState<string | null>(null)
  /** The customer the last removal took off (and where it was): Undo adds it back. */
  const [removed, setRemoved] = useState<{ customer: CustomerView; index: number } | null>(null)
  const [editing, setEditing] = useState<{ phone: string; name: string; tried: boolean } | null>(null)
  const [phone, setPhone] = useState('')
  const [name, setName] = useState('')
  const [tried, setTried] = useState(false)
  const [phoneRefused, setPhoneRefused] = useState<string | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  const phoneRef = useRef<HTMLInputElement>(null)
  const focusAfter = useRef<FocusTarget>(null)
  /** The newest read: an older one answering late (the search typed on) is dropped. */
  const reading = useRef(0)

  // Runs after every drawing: a target not drawn yet (a page still being read) waits for the drawing that shows it.
  useEffect(() => {
    const target = focusAfter.current
    if (target === null) return
    let element: HTMLElement | null | undefined
    if (target === 'status') element = statusRef.current
    else if ('field' in target) element = document.getElementById(target.field)
    else {
      const rows = [...(listRef.current?.querySelectorAll<HTMLLIElement>('li[data-phone]') ?? [])]
      element = 'row' in target ? rows.find((r) => r.dataset['phone'] === target.row) : rows[target.rowAt]
    }
    if (!element) return
    focusAfter.current = null
    element.focus()
  })

  /** Reads a page (the first, or the one `after` the shown ones); an older read answering late is dropped. */
  function read(text: string, after: CustomerPlace | null): Promise<void> {
    const seq = ++reading.current
    return call('contacts:page', {
      limit: PAGE,
      ...(text.trim() ? { search: text.trim() } : {}),
      ...(after ? { after } : {})
    }).then(
      (reply) => {
        if (seq !== reading.current) return
        setCustomers((shown) => (after ? [...shown, ...reply.customers] : reply.customers))
        setNext(reply.next)
        setLoaded(true)
        setError(null)
      },
      (e: unknown) => {
        if (seq === reading.current) setError(errorInfo(e))
      }
    )
  }

  // Read again from the start as the search changes; the pages after are asked by Show more.
  useEffect(() => {
    if (!open) return
    const seq = ++reading.current
    call('contacts:page', { limit: PAGE, ...(search.trim() ? { search: search.trim() } : {}) }).then(
      (reply) => {
        if (seq !== reading.current) return
        setCustomers(reply.customers)
        setNext(reply.next)
        setLoaded(true)
        setError(null)
      },
      (e: unknown) => {
        if (seq === reading.current) setError(errorInfo(e))
      }
    )
  }, [search, open])

  // Said at the field once the operator tried to add (then kept up to date as they correct it).
  const phoneError = phoneRefused ?? (tried ? phoneProblem(phone, t) : null)
  const nameError = tried && usableContactName(name) === null ? nameProblem(t) : null

  async function add(event: FormEvent): Promise<void> {
    event.preventDefault()
    setTried(true)
    setPhoneRefused(null)
    const kept = usableContactName(name)
    if (phoneProblem(phone, t) !== null || kept === null) return
    try {
      const contact = await call('contacts:set', { phone, name: kept })
      setPhone('')
      setName('')
      setTried(false)
      setRemoved(null)
      setNote(t('customers.added', { name: contact.name, phone: formatPhoneForReading(contact.phone) }))
      // The new customer is shown (a search for its number) and takes the focus.
      focusAfter.current = { row: contact.phone }
      if (search === contact.phone) void read(search, null)
      else setSearch(contact.phone)
    } catch (e) {
      const info = errorInfo(e)
      if (info.field === 'phone') setPhoneRefused(info.message)
      else setError(info)
    }
  }

  async function rename(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (!editing) return
    const kept = usableContactName(editing.name)
    if (kept === null) return setEditing({ ...editing, tried: true })
    try {
      const contact = await call('contacts:set', { phone: editing.phone, name: kept })
      setCustomers((shown) => shown.map((c) => (c.phone === contact.phone ? { ...c, ...contact } : c)))
      setEditing(null)
      setNote(t('customers.renamed', { name: contact.name }))
      focusAfter.current = { row: contact.phone }
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  async function remove(customer: CustomerView, index: number): Promise<void> {
    try {
      await call('contacts:remove', { phone: customer.phone })
      setCustomers((shown) => shown.filter((c) => c.phone !== customer.phone))
      setRemoved({ customer, index })
      setNote(t('customers.removed', { name: customer.name, phone: formatPhoneForReading(customer.phone) }))
      focusAfter.current = 'status'
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  async function undoRemoval(): Promise<void> {
    if (!removed) return
    const { customer, index } = removed
    try {
      const contact = await call('contacts:set', { phone: customer.phone, name: customer.name })
      setCustomers((shown) => [
        ...shown.slice(0, index),
        { ...contact, optedOut: customer.optedOut },
        ...shown.slice(index)
      ])
      setRemoved(null)
      setNote(t('customers.added', { name: contact.name, phone: formatPhoneForReading(contact.phone) }))
      focusAfter.current = { row: contact.phone }
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  return (
    <details
      className="campaign-optouts"
      data-testid="customers"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>{t('customers.title')}</summary>
      <p className="muted">{t('customers.intro')}</p>
      <form onSubmit={(e) => void add(e)} noValidate aria-label={t('customers.addTitle')}>
        <Field id="customer-phone" label={t('customers.phone')} error={phoneError}>
          {(control) => (
            <input
              {...control}
              ref={phoneRef}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value)
                setPhoneRefused(null)
              }}
            />
          )}
        </Field>
        <Field id="customer-name" label={t('customers.name')} error={nameError}>
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              maxLength={MAX_CONTACT_NAME_LENGTH}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button">
            {t('customers.add')}
          </button>
        </div>
      </form>
      {note !== null ? (
        <p role="status" ref={statusRef} tabIndex={-1} data-testid="customers-result">
          {note}
        </p>
      ) : null}
      {removed ? (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => void undoRemoval()}>
            {t('customers.undo', { name: removed.customer.name })}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error.message}
        </p>
      ) : null}
      <label htmlFor="customers-search">{t('customers.search')}</label>
      <input id="customers-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      {loaded && customers.length === 0 ? (
        <p className="muted" role="status">
          {search.trim() ? t('customers.noMatch', { search: search.trim() }) : t('customers.none')}
        </p>
      ) : null}
      <ul ref={listRef} data-testid="customers-list">
        {customers.map((c, index) => (
          <li key={c.phone} data-phone={c.phone} data-testid="customer-entry" tabIndex={-1}>
            {editing?.phone === c.phone ? (
              <form onSubmit={(e) => void rename(e)} noValidate>
                <Field
                  id={`customer-rename-${c.phone}`}
                  label={t('customers.renameField', { phone: formatPhoneForReading(c.phone) })}
                  error={editing.tried ? nameProblem(t) : null}
                >
                  {(control) => (
                    <input
                      {...control}
                      autoComplete="off"
                      maxLength={MAX_CONTACT_NAME_LENGTH}
                      value={editing.name}
                      onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                    />
                  )}
                </Field>
                <div className="form-actions">
                  <button type="submit" className="button">
                    {t('common.save')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      setEditing(null)
                      focusAfter.current = { row: c.phone }
                    }}
                  >
                    {t('common.cancel')}
                  </button>
                </div>
              </form>
            ) : (
              <>
                {/* Isolated: a right-to-left name would otherwise pull the number's digit groups into its run. */}
                <bdi>{c.name}</bdi> <span className="phone">{formatPhoneForReading(c.phone)}</span>
                {c.optedOut ? <span className="muted small"> · {t('customers.optedOut')}</span> : null}{' '}
                <button
                  type="button"
                  className="button button--link"
                  aria-label={t('customers.rename', { name: c.name })}
                  onClick={() => {
                    setEditing({ phone: c.phone, name: c.name, tried: false })
                    focusAfter.current = { field: `customer-rename-${c.phone}` }
                  }}
                >
                  {t('customers.renameButton')}
                </button>{' '}
                <button
                  type="button"
                  className="button button--link"
                  aria-label={t('customers.remove', { name: c.name })}
                  onClick={() => void remove(c, index)}
                >
                  {t('customers.removeButton')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {next ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            focusAfter.current = { rowAt: customers.length }
            void read(search, next)
          }}
        >
          {t('customers.more')}
        </button>
      ) : null}
    </details>
  )
}
