// WhatsApp's text formatting for the campaign preview: the one rule in shared/domain/whatsapp-format.ts, rendered by
// ui/WhatsAppText (the send panel's preview reads the same), so the two previews can never disagree.
import type { ReactNode } from 'react'
import { WhatsAppText } from '../../ui/WhatsAppText'

export function formatWhatsApp(text: string): ReactNode[] {
  return [<WhatsAppText key="text" text={text} />]
}
