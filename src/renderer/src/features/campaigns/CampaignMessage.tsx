// A saved campaign's message: its template as written and the files sent with it, on its page (a draft's, and folded on
// a started one's); and one row's message as its start sends it, in "Before you start" (a draft's merged by the core
// when it was made, a new campaign's by its check, as its preview shows it). QA81: none said any message, and a draft
// made by a failed start, a restart or the terminal is the one the operator no longer remembers.
import type { DraftExample } from '../../../../shared/contract'
import { useT } from '../../i18n'
import { recipientText, useRecipientsText } from '../../ui/RecipientName'
import { formatWhatsApp } from './whatsapp-format'

/** What goes with every message: the one file for all rows, or each row's file from its column. */
function FilesSent({
  attachmentName,
  fileColumn
}: {
  attachmentName: string | null
  fileColumn: string | null
}): React.JSX.Element | null {
  const t = useT()
  if (attachmentName) return <p>{t('campaigns.draft.attachment', { name: attachmentName })}</p>
  if (fileColumn) return <p>{t('campaigns.draft.rowFilesColumn', { column: fileColumn })}</p>
  return null
}

/**
 * The campaign's template as the operator wrote it, its variables and WhatsApp markers as typed. `folded` on a started
 * campaign's page: one line until opened, its counts, actions and rows kept where they are however long the message.
 */
export function CampaignTemplate({
  template,
  attachmentName,
  fileColumn,
  folded = false
}: {
  template: string
  attachmentName: string | null
  fileColumn: string | null
  folded?: boolean
}): React.JSX.Element {
  const t = useT()
  const written = (
    <>
      <p className="campaign-template-text" dir="auto" data-testid="campaign-template-written">
        {template}
      </p>
      <FilesSent attachmentName={attachmentName} fileColumn={fileColumn} />
    </>
  )
  return folded ? (
    <details className="campaign-message" data-testid="campaign-message">
      <summary>{t('campaigns.draft.message')}</summary>
      {written}
    </details>
  ) : (
    <figure className="campaign-message" aria-labelledby="campaign-draft-message-title">
      <figcaption id="campaign-draft-message-title" className="field-hint">
        {t('campaigns.draft.message')}
      </figcaption>
      {written}
    </figure>
  )
}

/**
 * The pre-send summary's message: one row as the start sends it, to whom (its sheet's name, else the contact's), and
 * the files with it; the template as written when no row is named (an older core, none would be sent, or the new
 * campaign's preview is of a row not sent).
 */
export function MessageSent({
  template,
  example,
  attachmentName,
  fileColumn
}: {
  template: string
  example: DraftExample | null
  attachmentName: string | null
  fileColumn: string | null
}): React.JSX.Element {
  const t = useT()
  // Looked up only when the sheet gives the row no name.
  const contact = useRecipientsText(example && example.name === null ? [example.phone] : [])
  const recipient = example?.name ? recipientText(example.name, example.phone, false) : contact
  return (
    <div data-testid="campaign-presend-example">
      {example ? (
        <>
          <p>
            {t('campaigns.presend.exampleTo', { row: example.rowNumber })} <bdi dir="auto">{recipient}</bdi>:
          </p>
          <div
            className="campaign-bubble"
            role="group"
            aria-label={t('campaigns.presend.message')}
            dir="auto"
          >
            {formatWhatsApp(example.message)}
          </div>
        </>
      ) : (
        <p className="campaign-template-text" dir="auto">
          {template}
        </p>
      )}
      <FilesSent attachmentName={attachmentName} fileColumn={fileColumn} />
    </div>
  )
}
