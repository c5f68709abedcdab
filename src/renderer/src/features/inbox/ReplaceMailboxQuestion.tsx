// Asked before a new mailbox takes the place of one that devices receive through (QA30 Q30-01): switching relays
// does not touch the gateway's webhook URLs (only "Receive messages" sets them), so until each device is turned on
// again the gateway keeps posting to the old mailbox, which this computer no longer pulls. The harmless answer has
// the focus, so a stray Enter keeps the mailbox.
import { useLayoutEffect, useState, type RefObject } from 'react'
import { formatList, useLanguage, useT } from '../../i18n'
import { ConfirmPanel } from '../../ui/ConfirmPanel'

export function ReplaceMailboxQuestion({
  id,
  receivingDevices,
  disabled,
  onReplace,
  onKeep
}: {
  id: string
  /** The labels of the devices the gateway posts to the connected mailbox for. */
  receivingDevices: readonly string[]
  disabled: boolean
  onReplace(): void
  onKeep(): void
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const count = receivingDevices.length
  const devices = formatList(receivingDevices, language)
  return (
    <ConfirmPanel
      id={id}
      question={
        <>
          <strong>{t('inbox.switch.ask', { devices, count })}</strong>{' '}
          {t('inbox.switch.askDetail', { count })}
        </>
      }
      confirmLabel={t('inbox.switch.replace')}
      keepLabel={t('inbox.switch.keep')}
      disabled={disabled}
      focusOnOpen
      onConfirm={onReplace}
      onKeep={onKeep}
    />
  )
}

/**
 * The question's state for the button that asks it: open, and on either answer closed with the focus back on that
 * button once it is enabled again (it is disabled while the question is open, so the focus waits for the next render).
 * After Replace it holds the focus said busy while the mailbox is made (not the page: the pressed answer is gone).
 */
export function useReplaceQuestion(asker: RefObject<HTMLElement | null>): {
  asking: boolean
  ask(): void
  /** Answered Replace: the question goes, the focus back on the button (busy) until the connect moves it. */
  answered(): void
  keep(): void
} {
  const [asking, setAsking] = useState(false)
  const [closed, setClosed] = useState(0)
  useLayoutEffect(() => {
    if (closed > 0) asker.current?.focus()
  }, [closed, asker])
  const close = (): void => {
    setAsking(false)
    setClosed((n) => n + 1)
  }
  return {
    asking,
    ask: () => setAsking(true),
    // Connecting with no question asked (Enter in the address field) leaves the focus where it is.
    answered: () => {
      if (asking) close()
    },
    keep: close
  }
}
