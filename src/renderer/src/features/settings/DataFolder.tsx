// The folder the app keeps its data in, for the terminal: `sender-desk … --data-dir <it>` works beside the open app on
// the same data, and the window used to name it nowhere (only the README did). Its path, to select or copy.
import { useEffect, useState } from 'react'
import { call } from '../../api'
import { useT } from '../../i18n'
import { CopyButton } from '../../ui/CopyButton'
import { Field } from '../../ui/Field'

export function DataFolder(): React.JSX.Element | null {
  const t = useT()
  const [path, setPath] = useState<string | null>(null)

  useEffect(() => {
    let on = true
    call('app:dataFolder', {})
      .then((reply) => on && setPath(reply.path))
      // Nothing to show when the core cannot say: the rest of Settings works.
      .catch(() => undefined)
    return () => {
      on = false
    }
  }, [])

  if (path === null) return null
  return (
    <div className="settings-data-folder">
      <Field id="settings-data-folder" label={t('settings.dataFolder')} hint={<TerminalHint />}>
        {(control) => (
          <input
            {...control}
            // A path reads left to right in any language; read-only, reached by the tab and selected whole.
            dir="ltr"
            readOnly
            spellCheck={false}
            value={path}
            data-testid="settings-data-folder"
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
      </Field>
      <CopyButton text={path} label={t('settings.dataFolder.copy')} testId="settings-copy-data-folder" />
    </div>
  )
}

/** The terminal's command and flag in the hint: drawn as code, each on one line (the flag broke after its "--"). */
const TERMINAL_WORDS = { command: 'sender-desk', flag: '--data-dir' } as const
const MARK = '\u0000'

function TerminalHint(): React.JSX.Element {
  const t = useT()
  const parts = t('settings.dataFolder.hint', {
    command: `${MARK}command${MARK}`,
    flag: `${MARK}flag${MARK}`
  }).split(MARK)
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 && part in TERMINAL_WORDS ? (
          <code key={index} dir="ltr">
            {TERMINAL_WORDS[part as keyof typeof TERMINAL_WORDS]}
          </code>
        ) : (
          part
        )
      )}
    </>
  )
}
