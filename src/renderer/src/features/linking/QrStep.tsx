// Step 2: the QR code with its refresh countdown and rotation cap, next to the rules for the phone.
import { useShallow } from 'zustand/react/shallow'
import type { DeviceView } from '../../../../shared/contract'
import { scanCause } from '../../../../shared/device-status'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { useT } from '../../i18n'
import { MAX_ROTATIONS, useLinking } from '../../stores/linking'
import { useNow } from '../../ui/use-now'
import { ProblemPanel } from './ProblemPanel'
import { QrCode } from './QrCode'
import './linking.css'

export function QrStep({ device }: { device: DeviceView | undefined }): React.JSX.Element {
  const t = useT()
  const { qr, qrPhase, refreshAt, rotations, hidden, problem, rescan } = useLinking(
    useShallow((s) => ({
      qr: s.qr,
      qrPhase: s.qrPhase,
      refreshAt: s.refreshAt,
      rotations: s.rotations,
      hidden: s.hidden,
      problem: s.problem,
      rescan: s.rescan
    }))
  )
  const now = useNow(1000)
  // The clock ticks once a second, so right after a new code it can lag: never show more than the code's own span.
  const seconds =
    refreshAt === null || qr === null
      ? null
      : Math.max(0, Math.min(Math.ceil((refreshAt - now) / 1000), Math.ceil(qr.refreshAfterMs / 1000)))
  const showCode = qr !== null && qrPhase !== 'exhausted'
  const codeCannotHelp = problem !== null && problem.kind !== 'qr-expired' && problem.kind !== 'failed'
  // After a number change only the phone with the new number links it: said with the number (QA16 Q16-10).
  const newNumber =
    device && scanCause(device) === 'number-changed' ? device.stateNoteParams?.['phone'] : undefined

  let countdown = ''
  if (hidden) countdown = t('linking.qr.paused')
  else if (qrPhase === 'loading') countdown = t('linking.qr.loading')
  else if (qrPhase === 'exhausted') countdown = t('linking.qr.exhausted')
  else if (qrPhase === 'expired') countdown = t('linking.qr.expired')
  // The last code promises no new one (an operator's probe: "A new code in 4 s", then "stopped refreshing").
  else if (qrPhase === 'showing' && seconds !== null)
    countdown = t(rotations >= MAX_ROTATIONS ? 'linking.qr.lastCountdown' : 'linking.qr.countdown', {
      seconds
    })

  return (
    <div className="qr-layout">
      <div className={newNumber !== undefined ? 'qr-main qr-main--new-number' : 'qr-main'}>
        {/* What to scan with, said only while a code can help (QA61: "the phone logged out…, so it needs to scan a new
            code" stayed above "the subscription has expired"). */}
        {codeCannotHelp ? null : newNumber !== undefined ? (
          <p className="alert alert--warn qr-new-number" data-testid="wizard-new-number">
            {t('linking.qr.newNumber', { phone: formatPhoneForReading(String(newNumber)) })}
          </p>
        ) : rescan ? (
          <p className="alert alert--warn" data-testid="wizard-rescan">
            {t('linking.qr.rescan')}
          </p>
        ) : null}
        <ProblemPanel device={device} />
        {/* A problem of the device (its subscription ended, its token refused, its gateway away) is not mended by a
            code: none is shown beside it, greyed with "this code may have expired" (QA60). */}
        {codeCannotHelp ? null : (
          <>
            <div className="qr-frame">
              {showCode ? (
                <QrCode
                  qr={qr}
                  label={t('linking.qr.alt', { label: device?.label ?? '' })}
                  stale={qrPhase === 'expired'}
                />
              ) : (
                <p className="qr-placeholder" data-testid="qr-placeholder">
                  {qrPhase === 'exhausted'
                    ? t('linking.qr.exhaustedBody')
                    : qrPhase === 'loading'
                      ? t('linking.qr.loading')
                      : t('linking.qr.none')}
                </p>
              )}
            </div>
            <p className="qr-countdown" role="timer" data-testid="qr-countdown" data-rotations={rotations}>
              {countdown}
            </p>
            {/* `rotations` counts refreshes made: the code on screen is one more, of the first plus every refresh. */}
            {qrPhase === 'showing' ? (
              <p className="muted small">
                {t('linking.qr.rotations', { count: rotations + 1, max: MAX_ROTATIONS + 1 })}
              </p>
            ) : null}
            <div className="actions">
              <button
                type="button"
                className={
                  qrPhase === 'exhausted' || qrPhase === 'expired' ? 'button button--primary' : 'button'
                }
                data-testid="qr-new-code"
                onClick={() => void useLinking.getState().newCode()}
              >
                {t('linking.qr.newCode')}
              </button>
            </div>
          </>
        )}
      </div>
      <aside className="qr-rules card" aria-labelledby="qr-rules-title">
        <h3 id="qr-rules-title">{t('linking.rules.title')}</h3>
        <ol className="how-to">
          <li>{t('linking.howto.1')}</li>
          <li>{t('linking.howto.2')}</li>
          <li>{t('linking.howto.3')}</li>
        </ol>
        <ul className="rules" data-testid="qr-rules">
          <li>{t('linking.rules.noWeb')}</li>
          <li>{t('linking.rules.rescan')}</li>
          <li>{t('linking.rules.business')}</li>
        </ul>
      </aside>
    </div>
  )
}
