// Explains what stopped the wizard (expired code, refused token, unreachable gateway…) and offers the next thing to do.
import type { DeviceView } from '../../../../shared/contract'
import { isSandboxDevice, wizardUnreachableWords } from '../../../../shared/device-status'
import { coreMessage } from '../../api'
import { useLanguage, useT } from '../../i18n'
import { useLinking, type LinkingProblem } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import './linking.css'

/** The wizard's problem, if any, for `device` (the built-in sandbox's is renewed in its Sandbox controls below). */
export function ProblemPanel({ device }: { device: DeviceView | undefined }): React.JSX.Element | null {
  const t = useT()
  const language = useLanguage()
  const problem = useLinking((s) => s.problem)
  if (!problem) return null
  const said = problem.words === null ? null : coreMessage(problem.words, language)
  return (
    <ProblemSaid
      kind={problem.kind}
      message={
        problem.gatewayWords && said !== null ? t('linking.problem.gatewaySaid', { words: said }) : said
      }
      renewedInSandboxControls={device !== undefined && isSandboxDevice(device)}
      unreachable={wizardUnreachableWords(device ?? { state: 'unknown' }, problem.cause)}
    />
  )
}

function ProblemSaid({
  kind,
  message,
  renewedInSandboxControls,
  unreachable
}: {
  kind: LinkingProblem
  message: string | null
  /** Not at a provider (QA60: "Renew it with your gateway provider" for the sandbox's device). */
  renewedInSandboxControls: boolean
  /**
   * An unreachable gateway's title and next step, by what the device's check met (the card's rule), or else by what
   * the wizard's request met: the internet only when nothing answered, and for the sandbox its panel below (QA77 5a); a
   * gateway that answered 503 or 429 was reached, whether to the check or to the request for a code.
   */
  unreachable: ReturnType<typeof wizardUnreachableWords>
}): React.JSX.Element {
  const t = useT()
  const linking = useLinking.getState()

  const action: { label: string; run: () => void } =
    kind === 'qr-expired'
      ? { label: t('linking.qr.newCode'), run: () => void linking.newCode() }
      : kind === 'token-invalid'
        ? { label: t('linking.problem.toDevices'), run: () => useNavigation.getState().navigate('devices') }
        : kind === 'removed'
          ? { label: t('linking.problem.pick'), run: () => linking.pick() }
          : { label: t('common.tryAgain'), run: () => void linking.retry() }

  return (
    <div className="alert alert--bad problem" role="alert" data-testid="wizard-problem" data-kind={kind}>
      <p className="problem-title">
        {t(kind === 'unreachable' ? unreachable.title : `linking.problem.${kind}.title`)}
      </p>
      {message ? <p className="problem-detail">{message}</p> : null}
      <p>
        <strong>{t('linking.problem.next')}</strong>{' '}
        {t(
          renewedInSandboxControls && kind === 'device-expired'
            ? 'linking.problem.device-expired.nextSandbox'
            : kind === 'unreachable'
              ? unreachable.next
              : `linking.problem.${kind}.next`
        )}
      </p>
      <button
        type="button"
        className="button button--primary"
        data-testid="wizard-problem-action"
        onClick={action.run}
      >
        {action.label}
      </button>
    </div>
  )
}
