// Asked before a new mailbox takes the place of one that devices receive through (QA30 Q30-01): switching relays
// does not touch the gateway's webhook URLs (only "Receive messages" sets them), so until each device is turned on
// again the gateway keeps posting to the old mailbox, which this computer no longer pulls. The harmless answer has
// the focus, so a stray Enter keeps the mailbox.
import { localeOf, useLanguage, useT } from '../../i18n'
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
  const devices = new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(receivingDevices)
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
