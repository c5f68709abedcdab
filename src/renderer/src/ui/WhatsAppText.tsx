// A message as WhatsApp will show it: *bold*, _italic_, ~strike~ and ```monospace``` rendered, the markers gone.
import { Fragment, type ReactNode } from 'react'
import { parseWhatsAppFormatting, type FormatNode } from '../../../shared/domain'

function render(nodes: FormatNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>
      case 'mono':
        return <code key={index}>{node.text}</code>
      case 'bold':
        return <strong key={index}>{render(node.children)}</strong>
      case 'italic':
        return <em key={index}>{render(node.children)}</em>
      case 'strike':
        return <s key={index}>{render(node.children)}</s>
    }
  })
}

export function WhatsAppText({ text }: { text: string }): React.JSX.Element {
  return <>{render(parseWhatsAppFormatting(text))}</>
}
