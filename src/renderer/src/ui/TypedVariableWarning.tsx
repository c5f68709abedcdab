// A "{name}" (a campaign's column) in a text that nothing fills in: it goes out as written (QA7 Q7-06). Said under
// Send's text and caption and under a reminder's message (QA58 #5), in the field's hint; `variable` is the first
// one typed (firstTypedVariable).
import { useT } from '../i18n'

export function TypedVariableWarning({
  variable,
  testId
}: {
  variable: string
  testId: string
}): React.JSX.Element {
  const t = useT()
  return (
    <span className="field-hint-warning" data-testid={testId}>
      {`⚠ ${t('send.text.variables', { variable })}`}
    </span>
  )
}
