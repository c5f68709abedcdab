// The QR linking wizard: five steps driven by the linking store, resumable, with the sandbox panel for sandbox devices.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import { useT, type MessageKey } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { LINKING_STEPS, useLinking, type LinkingStep } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import { useSend } from '../../stores/send'
import { ViewHeading } from '../../ui/ViewHeading'
import { SandboxPanel } from '../sandbox/SandboxPanel'
import { StateBadge } from '../devices/StateBadge'
import { ActivationStep } from './ActivationStep'
import { ProblemPanel } from './ProblemPanel'
import { QrStep } from './QrStep'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import './linking.css'
import { isSandboxDevice } from '../../../../shared/device-status'

const STEP_TITLE: Record<LinkingStep, MessageKey> = {
  pick: 'linking.step.pick',
  qr: 'linking.step.qr',
  activation: 'linking.step.activation',
  done: 'linking.step.done'
}

export function LinkingWizard(): React.JSX.Element {
  const t = useT()
  const step = useLinking((s) => s.step)
  const deviceId = useLinking((s) => s.deviceId)
  const setHidden = useLinking((s) => s.setHidden)
  const device = useDevices((s) => s.devices.find((d) => d.id === deviceId))
  const number = LINKING_STEPS.indexOf(step) + 1

  const { wizardRef, doneMessageRef } = useFocusOnConnected(step)

  useEffect(() => {
    const onChange = (): void => setHidden(document.visibilityState === 'hidden')
    onChange()
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  }, [setHidden])

  return (
    <section
      ref={wizardRef}
      className="view wizard"
      aria-labelledby="wizard-heading"
      data-testid="view-linking"
    >
      <div className="view-head">
        <ViewHeading id="wizard-heading">
          {device ? t('linking.titleFor', { label: device.label }) : t('linking.title')}
        </ViewHeading>
        {/* Done and still connected, the step list and the done sentence say it: a badge would say it again. */}
        {device && !(step === 'done' && device.state === 'connected') ? (
          <StateBadge id={`wizard-${device.id}`} device={device} />
        ) : null}
        {/* A way out at every step before the last, which has its own (QA60: only the tabs left the wizard). Leaving
            ends the linking (the linking store), and lands on this device's card. */}
        {device && step !== 'done' ? (
          <button
            type="button"
            className="button wizard-leave"
            data-testid="wizard-leave"
            onClick={() =>
              useNavigation
                .getState()
                .navigate('devices', { deviceAsk: { deviceId: device.id, action: 'show' } })
            }
          >
            {t('linking.done.devices')}
          </button>
        ) : null}
      </div>
      <ol className="stepper" aria-label={t('linking.stepsLabel')}>
        {LINKING_STEPS.map((s, index) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={index + 1 < number ? 'stepper-done' : s === step ? 'stepper-current' : undefined}
          >
            <span className="stepper-number">{index + 1}</span>{' '}
            <span className="stepper-label">{t(STEP_TITLE[s])}</span>
            {index + 1 < number ? (
              <span className="visually-hidden"> ({t('linking.progress.done')})</span>
            ) : null}
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {t('linking.stepAnnounce', { number, total: LINKING_STEPS.length, name: t(STEP_TITLE[step]) })}
      </p>
      <div className="wizard-body" data-testid="wizard-step" data-step={step}>
        {/* The done step's sentence is its title: "Connected" above "… is connected …" said it twice. */}
        {step === 'done' ? null : <h3 className="step-title">{t(STEP_TITLE[step])}</h3>}
        {step === 'pick' ? <PickStep /> : null}
        {step === 'qr' ? <QrStep device={device} /> : null}
        {step === 'activation' ? (
          <>
            <ProblemPanel device={device} />
            <ActivationStep device={device} />
          </>
        ) : null}
        {step === 'done' ? <DoneStep messageRef={doneMessageRef} /> : null}
      </div>
      {device && isSandboxDevice(device) ? <SandboxPanel device={device} /> : null}
    </section>
  )
}

/**
 * QA75 (issue 29 point 4: the focus goes to what an action produced): the link finished, by a sandbox control or by the
 * phone itself, the connected step's sentence takes the focus if it was in the wizard (on the control pressed, or
 * dropped to the page as the code's step left); the next Tab is then "Send a message", not "Skip to content". Focus
 * elsewhere (the navigation, the header) stays. A layout effect of the wizard, which runs after its parts'
 * own (the sandbox panel's giving the focus back to its control), as the step is committed.
 */
function useFocusOnConnected(step: LinkingStep): {
  wizardRef: RefObject<HTMLElement | null>
  doneMessageRef: RefObject<HTMLParagraphElement | null>
} {
  const wizard = useRef<HTMLElement | null>(null)
  const message = useRef<HTMLParagraphElement | null>(null)
  // Whether the focus was last inside the wizard: an element that leaves with it fires no focusout in every browser.
  const focusInside = useRef(false)
  useEffect(() => {
    const element = wizard.current
    if (!element) return
    const onFocusIn = (): void => {
      focusInside.current = true
    }
    const onFocusOut = (event: FocusEvent): void => {
      const to = event.relatedTarget
      if (to instanceof Node && !element.contains(to)) focusInside.current = false
    }
    element.addEventListener('focusin', onFocusIn)
    element.addEventListener('focusout', onFocusOut)
    return () => {
      element.removeEventListener('focusin', onFocusIn)
      element.removeEventListener('focusout', onFocusOut)
    }
  }, [])
  const stepBefore = useRef(step)
  useLayoutEffect(() => {
    const before = stepBefore.current
    stepBefore.current = step
    if (step !== 'done' || before === 'done') return
    const active = document.activeElement
    const onPage = active === null || active === document.body
    const inWizard = wizard.current?.contains(active) ?? false
    if (inWizard || (onPage && focusInside.current)) message.current?.focus()
  }, [step])
  return { wizardRef: wizard, doneMessageRef: message }
}

function PickStep(): React.JSX.Element {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  const problem = useLinking((s) => s.problem)
  return (
    <div className="pick">
      {problem?.kind === 'removed' ? (
        <p className="alert alert--warn" data-testid="wizard-problem" data-kind="removed">
          {t('linking.problem.removed.title')}
        </p>
      ) : null}
      {devices.length === 0 ? (
        <p>
          {t('linking.pick.none')}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => useNavigation.getState().navigate('devices', { addDevice: true })}
          >
            {t('devices.add')}
          </button>
        </p>
      ) : (
        <>
          <p>{t('linking.pick.intro')}</p>
          <ul className="pick-list">
            {devices.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  className="pick-button"
                  data-testid={`wizard-pick-${d.id}`}
                  onClick={() => void useLinking.getState().open(d.id)}
                >
                  <span className="pick-label">{d.label}</span>
                  <StateBadge device={d} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

function DoneStep({ messageRef }: { messageRef: RefObject<HTMLParagraphElement | null> }): React.JSX.Element {
  const t = useT()
  const deviceId = useLinking((s) => s.deviceId)
  const device = useDevices((s) => s.devices.find((d) => d.id === deviceId))
  return (
    <div className="done">
      <p ref={messageRef} tabIndex={-1} className="alert alert--ok" data-testid="wizard-done">
        <span aria-hidden="true">✓ </span>
        {t('linking.done.body', {
          label: device?.label ?? '',
          sender: device?.sender ? formatPhoneForReading(device.sender) : t('common.none')
        })}
      </p>
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="wizard-to-send"
          onClick={() => {
            if (deviceId) useSend.getState().setFields({ deviceId })
            useNavigation.getState().navigate('send')
          }}
        >
          {t('linking.done.send')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="wizard-to-devices"
          onClick={() => useNavigation.getState().navigate('devices')}
        >
          {t('linking.done.devices')}
        </button>
      </div>
    </div>
  )
}
