// The pacing policy's fields, shared by the new-campaign form and the editor of a running campaign.
import type { PacingPolicyView } from '../../../../shared/contract'
import { DEFAULT_PACING as DOMAIN_DEFAULT_PACING } from '../../../../shared/domain'
import { useT } from '../../i18n'

/** What operators' tools ship as safe defaults (shared/campaign-pacing.md): the domain's, as the core uses them. */
export const DEFAULT_PACING: PacingPolicyView = DOMAIN_DEFAULT_PACING

/** An empty field is NaN, so the core's pacing check names it instead of reading it as 0. */
const number = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value))
/** …and an emptied field stays empty on screen (React refuses NaN as a value). */
const shown = (value: number): number | '' => (Number.isNaN(value) ? '' : value)

export function PacingFields({
  pacing,
  onChange
}: {
  pacing: PacingPolicyView
  onChange: (next: PacingPolicyView) => void
}): React.JSX.Element {
  const t = useT()
  return (
    <div className="campaign-grid">
      <label>
        {t('campaigns.pacing.minDelay')}
        <input
          type="number"
          min={0}
          value={shown(pacing.minDelaySeconds)}
          onChange={(e) => onChange({ ...pacing, minDelaySeconds: number(e.target.value) })}
        />
      </label>
      <label>
        {t('campaigns.pacing.maxDelay')}
        <input
          type="number"
          min={0}
          value={shown(pacing.maxDelaySeconds)}
          onChange={(e) => onChange({ ...pacing, maxDelaySeconds: number(e.target.value) })}
        />
      </label>
      <label>
        {t('campaigns.pacing.batchSize')}
        <input
          type="number"
          min={1}
          value={shown(pacing.batchSize)}
          onChange={(e) => onChange({ ...pacing, batchSize: number(e.target.value) })}
        />
      </label>
      <label>
        {t('campaigns.pacing.batchPause')}
        <input
          type="number"
          min={0}
          value={shown(pacing.batchPauseMinutes)}
          onChange={(e) => onChange({ ...pacing, batchPauseMinutes: number(e.target.value) })}
        />
      </label>
      <label>
        {t('campaigns.pacing.dailyCap')}
        <input
          type="number"
          min={1}
          value={shown(pacing.dailyCapPerDevice)}
          onChange={(e) => onChange({ ...pacing, dailyCapPerDevice: number(e.target.value) })}
        />
      </label>
      <label className="campaign-check">
        <input
          type="checkbox"
          data-testid="campaign-any-time"
          checked={pacing.workingHours === null}
          onChange={(e) =>
            onChange({
              ...pacing,
              workingHours: e.target.checked ? null : DEFAULT_PACING.workingHours
            })
          }
        />
        {t('campaigns.pacing.anyTime')}
      </label>
      {pacing.workingHours ? (
        <>
          <label>
            {t('campaigns.pacing.start')}
            <input
              type="time"
              value={pacing.workingHours.start}
              onChange={(e) =>
                pacing.workingHours &&
                onChange({
                  ...pacing,
                  workingHours: { ...pacing.workingHours, start: e.target.value }
                })
              }
            />
          </label>
          <label>
            {t('campaigns.pacing.end')}
            <input
              type="time"
              value={pacing.workingHours.end}
              onChange={(e) =>
                pacing.workingHours &&
                onChange({ ...pacing, workingHours: { ...pacing.workingHours, end: e.target.value } })
              }
            />
          </label>
        </>
      ) : null}
    </div>
  )
}
