// Renders the gateway's QR: text codes are drawn here as SVG (qrcode), image codes are shown as the gateway sent them.
import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import type { QrView } from '../../../../shared/contract'
import './linking.css'

interface QrCodeProps {
  qr: QrView
  label: string
  /** The code may no longer be valid (shown dimmed). */
  stale?: boolean
}

export function QrCode({ qr, label, stale = false }: QrCodeProps): React.JSX.Element {
  const text = qr.kind === 'text' ? qr.text : null
  const [svg, setSvg] = useState<{ text: string; url: string } | null>(null)

  useEffect(() => {
    if (text === null) return
    let live = true
    QRCode.toString(text, {
      type: 'svg',
      margin: 2,
      errorCorrectionLevel: 'M',
      color: { dark: '#000000', light: '#ffffff' }
    })
      .then((markup) => {
        if (live) setSvg({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` })
      })
      .catch(() => {
        if (live) setSvg(null)
      })
    return () => {
      live = false
    }
  }, [text])

  const src = qr.kind === 'image' ? qr.dataUrl : svg?.text === text ? svg.url : null
  return (
    <div
      className={stale ? 'qr-code qr-code--stale' : 'qr-code'}
      data-testid="qr-code"
      data-kind={qr.kind}
      data-fetched-at={qr.fetchedAt}
    >
      {src ? <img src={src} alt={label} width={264} height={264} /> : <span className="qr-drawing">…</span>}
    </div>
  )
}
