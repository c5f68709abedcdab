// Settings: language, theme, polling, pacing, file size, time zone, notifications, start at login, support contact, retention, the data folder, diagnostics.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { DamagedParts } from './DamagedParts'
import { DataFolder } from './DataFolder'
import type { Settings } from '../../../../shared/contract'
import {
  MAX_SETTABLE_FILE_BYTES,
  MAX_SUPPORT_CONTACT_LENGTH,
  MAX_TEXT_LENGTH,
  MIN_SETTABLE_FILE_BYTES
} from '../../../../shared/domain/limits'
import { call, coreMessage, keptError, type CoreWords } from '../../api'
import { chromiumLocaleOf, useLanguage, useT, type Language, type MessageKey } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useLinking } from '../../stores/linking'
import { useNavigation, type SettingsAsk } from '../../stores/navigation'
import { useSettings } from '../../stores/settings'
import { flushSettingsDrafts, keepSettingsDrafts, keptSettingsDrafts } from '../../stores/settings-drafts'
import { CopyButton } from '../../ui/CopyButton'
import { readTypedNumber, showTypedNumber } from '../../ui/typed-number'
import { Field } from '../../ui/Field'
import { ViewOpening } from '../../ui/on-demand'
import { useViewFocus } from '../../ui/view-focus'
import { useSpotKeptAcrossReload } from '../../ui/use-spot-kept-across-reload'
import { ViewHeading } from '../../ui/ViewHeading'
import { TimeZoneField } from '../../ui/TimeZoneField'
import './settings.css'

const MB = 1024 * 1024

/** The control of each field another view can open Settings on. */
const ASKABLE_FIELD_IDS: Record<SettingsAsk['field'], string> = { supportContact: 'settings-support' }

/**
 * The fields whose text is kept until the core takes it: the numbers, and the texts, which can be typed or pasted past
 * their limit (QA61: one too long was dropped unsaid when Settings was left).
 */
type DraftKey = NumberSpec['key'] | TextKey

/** The text settings and their longest text: past it the field says so and keeps what was written, unsaved. */
const TEXT_LIMITS = {
  optOutConfirmation: MAX_TEXT_LENGTH,
  supportContact: MAX_SUPPORT_CONTACT_LENGTH
} as const
type TextKey = keyof typeof TEXT_LIMITS

/**
 * Whether a text setting is past its limit, counted as it is saved: trimmed, in UTF-16 units, as the core's Settings
 * schema checks it. The field's mark, its counter and its save all ask this (the mark once counted the text as typed,
 * so 1,024 characters and a space were marked "too long", yet saved).
 */
function pastTextLimit(text: string, max: number): boolean {
  return text.trim().length > max
}

interface NumberSpec {
  key: 'pollIntervalSec' | 'pacingMs' | 'maxFileBytes' | 'maxIncomingMediaBytes' | 'retentionDays'
  testId: string
  label: MessageKey
  hint: MessageKey
  /** Shown in these units; stored in the setting's own. */
  toShown(value: number): number
  fromShown(value: number): number
  min: number
  max: number
  /** Whole numbers only: a fraction is refused at the field, not rounded unseen (7.5 seconds became 8). */
  whole: boolean
}

const NUMBERS: NumberSpec[] = [
  {
    key: 'pollIntervalSec',
    testId: 'settings-poll',
    label: 'settings.poll',
    hint: 'settings.poll.hint',
    toShown: (v) => v,
    fromShown: (v) => v,
    min: 5,
    max: 3600,
    whole: true
  },
  {
    key: 'pacingMs',
    testId: 'settings-pacing',
    label: 'settings.pacing',
    hint: 'settings.pacing.hint',
    toShown: (v) => v / 1000,
    fromShown: (v) => Math.round(v * 1000),
    min: 0,
    max: 600,
    whole: false
  },
  {
    key: 'maxFileBytes',
    testId: 'settings-max-file',
    label: 'settings.maxFile',
    hint: 'settings.maxFile.hint',
    toShown: (v) => Math.round((v / MB) * 100) / 100,
    fromShown: (v) => Math.round(v * MB),
    min: MIN_SETTABLE_FILE_BYTES / MB,
    max: MAX_SETTABLE_FILE_BYTES / MB,
    whole: false
  },
  {
    key: 'maxIncomingMediaBytes',
    testId: 'settings-max-incoming-media',
    label: 'settings.maxIncomingMedia',
    hint: 'settings.maxIncomingMedia.hint',
    toShown: (v) => Math.round((v / MB) * 100) / 100,
    fromShown: (v) => Math.round(v * MB),
    min: 0.1,
    max: 100,
    whole: false
  },
  {
    key: 'retentionDays',
    testId: 'settings-retention',
    label: 'settings.retention',
    hint: 'settings.retention.hint',
    toShown: (v) => v,
    fromShown: (v) => v,
    min: 1,
    max: 3650,
    whole: true
  }
]

export function SettingsView(): React.JSX.Element {
  const t = useT()
  // A reload comes back to the scroll and the control with the focus (QA74).
  useSpotKeptAcrossReload('settings', 'settings-heading')
  const language = useLanguage()
  const settings = useSettings((s) => s.settings)
  // Words are kept as keys (ours) or unworded (the core's refusals) and worded as the view draws, so "Saved." after a
  // change of language is in the new one (the save that changed it ran with the old words), and so is a refusal left
  // standing beside the Language setting (issue 29 point 6).
  // What is typed in each number field and not yet taken by the core (absent: the field shows the saved value). Kept
  // here, not in the fields, so which fields hold a refused value is worked out from it, never reported; and kept for
  // the window's life and the refused ones across a reload (stores/settings-drafts.ts), so neither undoes it unseen.
  const [numberDrafts, setNumberDrafts] = useState<Partial<Record<DraftKey, string>>>(keptSettingsDrafts)
  useEffect(
    () => keepSettingsDrafts(numberDrafts, refusedDrafts(numberDrafts, language)),
    [numberDrafts, language]
  )
  const [status, setStatus] = useState<
    { tone: 'ok' | 'bad'; key: MessageKey } | { tone: 'bad'; words: CoreWords } | null
  >(() =>
    refusedDrafts(numberDrafts, language).length > 0 ? { tone: 'bad', key: 'settings.notSaved' } : null
  )
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Settings, CoreWords>>>({})
  const fieldError = (key: keyof Settings): string | undefined => {
    const words = fieldErrors[key]
    return words && coreMessage(words, language)
  }
  // Whether a setting was left unsaved and not all of them saved since: the save that puts the last one right then says
  // every setting is saved, not a bare "Saved." (QA70: it read like any other save). Kept apart from the marks, which
  // follow the typing: a field emptied to type a new value is not a setting left unsaved.
  const leftUnsaved = useRef(status?.tone === 'bad')
  const setNumberDraft = useCallback(
    (key: DraftKey, draft: string | null): void =>
      setNumberDrafts((drafts) => {
        const next = { ...drafts }
        if (draft === null) delete next[key]
        else next[key] = draft
        return next
      }),
    []
  )
  /** A field was left holding a value it cannot save: said, and kept for a reload now (the reload may come next). */
  const refusedLeft = useCallback((): void => {
    leftUnsaved.current = true
    setStatus({ tone: 'bad', key: 'settings.notSaved' })
    flushSettingsDrafts()
  }, [])
  // A field holding a value the page refused (the core's refusals are in `fieldErrors`): a later save elsewhere must
  // not read as if everything was saved.
  const refusedHere = refusedDrafts(numberDrafts, language)
  const notSavedKeys = new Set<string>([...refusedHere, ...Object.keys(fieldErrors)])
  const notSavedCount = notSavedKeys.size
  // Opened on a field (the wizard's "Add it in Settings"): the focus goes into it alone (the heading leaves it), and it
  // is brought into view; the device being linked keeps a way back for as long as the view is open.
  const asked = useNavigation((state) => state.settingsAsk)
  const linkingDevice = useDevices((state) => state.devices.find((d) => d.id === asked?.linkingDeviceId))
  const loaded = settings !== null
  const { takeIfStill } = useViewFocus()
  useLayoutEffect(() => {
    // Not when the operator moved the focus while the view opened (as for its heading: view-focus.ts).
    if (!asked || !loaded) return
    const field = document.getElementById(ASKABLE_FIELD_IDS[asked.field])
    if (takeIfStill(field)) field?.scrollIntoView?.({ block: 'center' })
  }, [asked, loaded, takeIfStill])

  if (!settings) {
    // Its values are still being read: the same wait as for its code, the focus on it until the heading takes it.
    return (
      <section className="view" data-testid="view-settings">
        <ViewOpening />
      </section>
    )
  }

  // The tone follows what the line says: a save with other settings left unsaved is a warning, not an all-clear (QA78:
  // "Saved. The 4 marked settings are not saved" in green), and "Every setting is saved." is not in red.
  const statusTone: 'ok' | 'warn' | 'bad' | null =
    status === null || !('key' in status)
      ? (status?.tone ?? null)
      : (status.key === 'settings.saved' || status.key === 'settings.allSaved') && notSavedCount > 0
        ? 'warn'
        : status.key === 'settings.notSaved' && notSavedCount === 0
          ? 'ok'
          : status.tone

  /** True once the core took the change; on a refusal the field keeps what was typed, with the reason at it. */
  async function save(patch: Partial<Settings>): Promise<boolean> {
    const keys = Object.keys(patch) as (keyof Settings)[]
    // Emptied while the core takes it, so the "Saved." that follows is new text a screen reader reads again, each
    // save, and not the first one's left standing (QA37 Q37-03).
    setStatus(null)
    try {
      await useSettings.getState().update(patch)
      setFieldErrors((e) => {
        const next = { ...e }
        for (const k of keys) delete next[k]
        return next
      })
      setStatus({ tone: 'ok', key: leftUnsaved.current ? 'settings.allSaved' : 'settings.saved' })
      // Others still unsaved are said beside this "Saved." (below), and keep the last one's save to come saying all.
      leftUnsaved.current = [...notSavedKeys].some((key) => !keys.includes(key as keyof Settings))
      return true
    } catch (error) {
      const refusal = keptError(error)
      const field = (refusal.field?.split('.').pop() ?? keys[0]) as keyof Settings | undefined
      if (field) setFieldErrors((e) => ({ ...e, [field]: refusal }))
      leftUnsaved.current = true
      setStatus({ tone: 'bad', words: refusal })
      return false
    }
  }

  return (
    <section className="view settings" aria-labelledby="settings-heading" data-testid="view-settings">
      {/* Opened on a field: the field takes the focus alone, once drawn; the tab again focuses this heading. */}
      <ViewHeading id="settings-heading" leavesFocus={asked !== null}>
        {t('settings.title')}
      </ViewHeading>
      <p
        role="status"
        className={statusTone ? `feedback feedback--${statusTone}` : 'feedback'}
        data-testid="settings-status"
      >
        {status === null
          ? ''
          : !('key' in status)
            ? coreMessage(status.words, language)
            : (status.key === 'settings.saved' || status.key === 'settings.allSaved') && notSavedCount > 0
              ? t('settings.savedOthersNot', { count: notSavedCount })
              : status.key === 'settings.notSaved'
                ? // Once the marked fields are put right (or back to what was saved), nothing is left unsaved:
                  // said, not left blank (QA68: the last one put right gave no sign).
                  notSavedCount > 0
                  ? t('settings.notSaved', { count: notSavedCount })
                  : t('settings.allSaved')
                : t(status.key)}
      </p>
      <DamagedParts />

      <Group title={t('settings.group.window')}>
        <Field
          id="settings-language"
          label={t('settings.language')}
          // Chromium draws its date and time inputs in the locale it started with; the shell gives it this
          // language at the next start (main/shell/window-locale.ts), so say so until then.
          hint={
            navigator.language === chromiumLocaleOf(settings.language)
              ? undefined
              : t('settings.language.pickersAfterRestart')
          }
        >
          {(control) => (
            <select
              {...control}
              data-testid="settings-language"
              value={settings.language}
              onChange={(e) => void save({ language: e.target.value === 'id' ? 'id' : 'en' })}
            >
              <option value="en" lang="en">
                English
              </option>
              <option value="id" lang="id">
                Bahasa Indonesia
              </option>
            </select>
          )}
        </Field>
        <Field id="settings-theme" label={t('settings.theme')}>
          {(control) => (
            <select
              {...control}
              data-testid="settings-theme"
              value={settings.theme}
              onChange={(e) => void save({ theme: e.target.value as Settings['theme'] })}
            >
              <option value="system">{t('settings.theme.system')}</option>
              <option value="light">{t('settings.theme.light')}</option>
              <option value="dark">{t('settings.theme.dark')}</option>
            </select>
          )}
        </Field>
        <Toggle
          testId="settings-notifications"
          label={t('settings.notifications')}
          hint={t('settings.notifications.hint')}
          checked={settings.notifications}
          onChange={(notifications) => void save({ notifications })}
        />
        <Toggle
          testId="settings-do-not-disturb"
          label={t('settings.doNotDisturb')}
          hint={t('settings.doNotDisturb.hint')}
          checked={settings.doNotDisturb}
          onChange={(doNotDisturb) => void save({ doNotDisturb })}
        />
        <Toggle
          testId="settings-start-at-login"
          label={t('settings.startAtLogin')}
          hint={t('settings.startAtLogin.hint')}
          checked={settings.startAtLogin}
          onChange={(startAtLogin) => void save({ startAtLogin })}
        />
      </Group>

      <Group title={t('settings.group.sending')}>
        {NUMBERS.filter((n) => n.key !== 'retentionDays').map((spec) => (
          <NumberSetting
            key={spec.key}
            spec={spec}
            value={settings[spec.key]}
            error={fieldError(spec.key)}
            onSave={save}
            draft={numberDrafts[spec.key] ?? null}
            onDraft={setNumberDraft}
            onInvalid={refusedLeft}
          />
        ))}
        <TimeZoneField
          id="settings-timezone"
          label={t('settings.timezone')}
          hint={t('settings.timezone.hint')}
          testId="settings-timezone"
          value={settings.defaultTimezone}
          onChange={(zone) => void save({ defaultTimezone: zone })}
        />
        <TextSetting
          id="settings-optout-confirmation"
          label={t('settings.optOutConfirmation')}
          hint={t('settings.optOutConfirmation.hint')}
          multiline
          kept={{
            draft: numberDrafts.optOutConfirmation ?? null,
            onDraft: (draft) => setNumberDraft('optOutConfirmation', draft),
            onRefusedLeft: refusedLeft
          }}
          limit={{
            max: TEXT_LIMITS.optOutConfirmation,
            tooLong: t('send.problem.textTooLong', { max: TEXT_LIMITS.optOutConfirmation })
          }}
          value={settings.optOutConfirmation}
          error={fieldError('optOutConfirmation')}
          onSave={(optOutConfirmation) => save({ optOutConfirmation })}
        />
      </Group>

      <Group title={t('settings.group.support')}>
        <TextSetting
          id="settings-support"
          label={t('settings.support')}
          hint={t('settings.support.hint')}
          // Kept whole past its limit and said at the field, never cut to it (QA78: 205 pasted left 200, saved unsaid).
          kept={{
            draft: numberDrafts.supportContact ?? null,
            onDraft: (draft) => setNumberDraft('supportContact', draft),
            onRefusedLeft: refusedLeft
          }}
          limit={{
            max: TEXT_LIMITS.supportContact,
            tooLong: t('common.tooLong', { max: TEXT_LIMITS.supportContact })
          }}
          value={settings.supportContact}
          error={fieldError('supportContact')}
          onSave={(supportContact) => save({ supportContact })}
        />
        {linkingDevice ? (
          <button
            type="button"
            className="button"
            data-testid="settings-back-to-linking"
            onClick={() => void useLinking.getState().open(linkingDevice.id)}
          >
            {t('settings.support.backToLinking', { label: linkingDevice.label })}
          </button>
        ) : null}
      </Group>

      <Group title={t('settings.group.data')}>
        {NUMBERS.filter((n) => n.key === 'retentionDays').map((spec) => (
          <NumberSetting
            key={spec.key}
            spec={spec}
            value={settings[spec.key]}
            error={fieldError(spec.key)}
            onSave={save}
            draft={numberDrafts[spec.key] ?? null}
            onDraft={setNumberDraft}
            onInvalid={refusedLeft}
          />
        ))}
        <Toggle
          testId="settings-weak-storage"
          label={t('settings.weakStorage')}
          hint={t('settings.weakStorage.hint')}
          checked={settings.allowWeakTokenStorage}
          onChange={(allowWeakTokenStorage) => void save({ allowWeakTokenStorage })}
        />
        <DataFolder />
      </Group>

      <Group title={t('settings.group.diagnostics')}>
        <p className="muted">{t('settings.diagnostics.hint')}</p>
        <CopyButton
          text={async () => (await call('diagnostics:get', {})).text}
          label={t('settings.diagnostics.copy')}
          testId="settings-copy-diagnostics"
        />
      </Group>
    </section>
  )
}

function Group({ title, children }: { title: string; children: ReactNode }): React.JSX.Element {
  return (
    <fieldset className="card settings-group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  )
}

function Toggle(props: {
  testId: string
  label: string
  hint: string
  checked: boolean
  onChange(value: boolean): void
}): React.JSX.Element {
  const id = props.testId
  return (
    <div className="field field--toggle">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          data-testid={props.testId}
          checked={props.checked}
          aria-describedby={`${id}-hint`}
          onChange={(e) => props.onChange(e.target.checked)}
        />{' '}
        {props.label}
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {props.hint}
      </p>
    </div>
  )
}

/** The number settings whose typed text cannot be saved. */
function refusedDrafts(drafts: Partial<Record<DraftKey, string>>, language: Language): DraftKey[] {
  const numbers = NUMBERS.filter((spec) => {
    const draft = drafts[spec.key]
    return draft !== undefined && !readNumberDraft(spec, draft, language).valid
  }).map((spec) => spec.key)
  const texts = (Object.keys(TEXT_LIMITS) as TextKey[]).filter((key) => {
    const draft = drafts[key]
    return draft !== undefined && pastTextLimit(draft, TEXT_LIMITS[key])
  })
  return [...numbers, ...texts]
}

/** A number field's text read by its setting's rule: whether it can be saved, and the value it stands for. */
function readNumberDraft(
  spec: NumberSpec,
  text: string,
  language: Language
): { valid: boolean; parsed: number } {
  // Digits, and a decimal comma or point where the setting takes fractions: no exponent ("1e3" was taken as 1000).
  const parsed = readTypedNumber(text, spec.whole, language)
  return { valid: parsed >= spec.min && parsed <= spec.max, parsed }
}

function NumberSetting({
  spec,
  value,
  error,
  draft,
  onDraft,
  onSave,
  onInvalid
}: {
  spec: NumberSpec
  value: number
  error: string | undefined
  /** What is typed and not yet saved (null: the saved value is shown). */
  draft: string | null
  onDraft(key: NumberSpec['key'], draft: string | null): void
  onSave(patch: Partial<Settings>): Promise<boolean>
  /** A value that cannot be saved was left in the field: the page must not keep saying "Saved.". */
  onInvalid(): void
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const shown = showTypedNumber(spec.toShown(value), language)
  const text = draft ?? shown
  const { valid, parsed } = readNumberDraft(spec, text, language)
  const invalid = !valid
  const localError =
    draft !== null && invalid
      ? t(spec.whole ? 'settings.rangeWhole' : 'settings.range', { min: spec.min, max: spec.max })
      : null
  const setDraft = (next: string | null): void => onDraft(spec.key, next)

  function commit(): void {
    if (draft === null) return
    if (invalid) {
      onInvalid()
      return
    }
    const next = spec.fromShown(parsed)
    if (next === value) {
      setDraft(null)
      return
    }
    // What was typed stays in the field until the core has it: a refusal is shown beside it, never undone silently.
    void onSave({ [spec.key]: next }).then((saved) => {
      if (saved) setDraft(null)
    })
  }

  return (
    <Field
      id={spec.testId}
      label={t(spec.label)}
      hint={t(spec.hint)}
      error={localError ?? error ?? null}
      errorTestId={`${spec.testId}-error`}
    >
      {(control) => (
        <input
          {...control}
          // Text, not type="number": Chromium's number input dropped a decimal comma ("2,5" MB became 25, Q19-01).
          type="text"
          inputMode={spec.whole ? 'numeric' : 'decimal'}
          data-testid={spec.testId}
          value={text}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit()
          }}
        />
      )}
    </Field>
  )
}

/** A text setting saved when the field is left (or Enter, on one line), trimmed; a textarea when `multiline`. */
function TextSetting({
  id,
  label,
  hint,
  limit,
  multiline = false,
  value,
  error,
  onSave,
  kept
}: {
  id: string
  label: string
  hint: string
  /** The longest text (past it, `tooLong` is said at the field). */
  limit?: { max: number; tooLong: string }
  multiline?: boolean
  value: string
  error: string | undefined
  onSave(value: string): Promise<boolean>
  /** Its draft kept by the page, as the numbers' are: one too long is still there when Settings is opened again. */
  kept?: { draft: string | null; onDraft(draft: string | null): void; onRefusedLeft(): void }
}): React.JSX.Element {
  const t = useT()
  const [ownDraft, setOwnDraft] = useState<string | null>(null)
  const draft = kept ? kept.draft : ownDraft
  const setDraft = kept ? kept.onDraft : setOwnDraft
  const text = draft ?? value
  const tooLong = limit !== undefined && pastTextLimit(text, limit.max)
  function commit(): void {
    if (draft === null) return
    // Kept as written with the field's own words, not sent for the core's raw refusal (QA60: "optOutConfirmation:
    // Too big: expected string to have <=1024 characters"), and said as not saved.
    if (tooLong) {
      kept?.onRefusedLeft()
      return
    }
    if (draft.trim() === value) {
      setDraft(null)
      return
    }
    void onSave(draft.trim()).then((saved) => {
      if (saved) setDraft(null)
    })
  }
  return (
    <Field id={id} label={label} hint={hint} error={tooLong ? limit.tooLong : (error ?? null)}>
      {(control) =>
        multiline ? (
          <>
            <textarea
              {...control}
              data-testid={id}
              rows={2}
              value={text}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={commit}
            />
            {/* The limit in sight before it is passed: what is saved (trimmed) is counted, as it is marked. */}
            {limit ? (
              <p className="field-hint" data-testid={`${id}-count`}>
                {t('send.counter', { count: text.trim().length, max: limit.max })}
              </p>
            ) : null}
          </>
        ) : (
          <input
            {...control}
            data-testid={id}
            value={text}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit()
            }}
          />
        )
      }
    </Field>
  )
}
