// This number's daily cap: at most this many sends a day, counted across every campaign and direct send (issue 27);
// empty for no cap.
import { useState, type FormEvent } from 'react'
import { MAX_DEVICE_DAILY_CAP } from '../../../../../shared/domain/limits'
import { call } from '../../../api'
import { formatNumber, localeOf, useLanguage, useT } from '../../../i18n'
import { formatDateTimeInZone } from '../../../i18n/dates'
import { useDevices } from '../../../stores/devices'
import { useOperatorZone } from '../../../stores/settings'
import { Field } from '../../../ui/Field'
import { FormActions } from '../../../ui/FormActions'
import { cancelOnEscape } from '../../../ui/escape'
import { readTypedNumber } from '../../../ui/typed-number'
import type { RowFormProps } from './row-form'

export function DailyCapForm({ device, busy, run, onClose }: RowFormProps): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const zone = useOperatorZone()
  const id = device.id
  // Thousands as the row and the campaign summary write them ("1.000" in Indonesian), which readTypedNumber reads
  // back: an Indonesian "1.000" is a thousand, not 1 (QA31 Q31-02). A cap is whole, so grouping loses nothing.
  const [cap, setCap] = useState(() => (device.dailyCap ? formatNumber(device.dailyCap, language) : ''))
  const value = cap.trim() === '' ? null : readTypedNumber(cap, true, language)
  // A whole number over the highest cap is told that highest cap, as the window writes numbers (QA35 Q35-06).
  const invalid =
    value === null
      ? null
      : Number.isInteger(value) && value > MAX_DEVICE_DAILY_CAP
        ? t('devices.cap.tooHigh', { max: formatNumber(MAX_DEVICE_DAILY_CAP, language) })
        : !Number.isInteger(value) || value < 1
          ? t('devices.cap.invalid')
          : null

  function submit(event: FormEvent): void {
    event.preventDefault()
    if (invalid) return
    void run('cap', async () => {
      const saved = await call('devices:setDailyCap', { id, dailyCap: value })
      useDevices.getState().upsert(saved)
      onClose()
      if (value === null) return t('devices.cap.cleared')
      // A cap at or below today's count holds the number at once: said, with when it lets sends through again (the
      // moment as the row says it), or the next send waits without a word (QA26 Q26-05).
      const today = saved.sentToday
      return today && today.count >= value
        ? t('devices.cap.savedAlreadyReached', {
            cap: value,
            count: today.count,
            at: formatDateTimeInZone(today.resetsAt, locale, zone)
          })
        : t('devices.cap.saved', { cap: value })
    })
  }

  return (
    <form
      className="inline-form"
      onSubmit={submit}
      noValidate
      data-testid={`cap-form-${id}`}
      onKeyDown={cancelOnEscape(onClose, busy)}
    >
      <Field
        id={`cap-${id}-input`}
        label={t('devices.cap.label')}
        hint={t('devices.cap.hint')}
        error={invalid}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="numeric"
            value={cap}
            onChange={(e) => setCap(e.target.value)}
          />
        )}
      </Field>
      <FormActions
        submitLabel={t('common.save')}
        cancelLabel={t('common.cancel')}
        onCancel={onClose}
        busy={busy}
        disabled={invalid !== null}
      />
    </form>
  )
}
