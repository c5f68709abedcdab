// A number on the opt-out list, marked in words ("opted out", the customer list's), not by colour alone: the inbox's
// rows, the picker's suggestions and Send's chips say it alike. Read between commas: "…7891, opted out, …".
import { useT } from '../i18n'

export function OptedOutMark({
  className,
  testId
}: {
  /** Where it sits in its row, besides the tag's own look. */
  className?: string
  testId: string
}): React.JSX.Element {
  const t = useT()
  return (
    <span className={className ? `tag ${className}` : 'tag'} data-testid={testId}>
      <span className="visually-hidden">, </span>
      {t('customers.optedOut')}
      <span className="visually-hidden">, </span>
    </span>
  )
}
