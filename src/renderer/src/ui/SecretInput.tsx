// The input for a gateway token or secret key: masked, never autofilled or spell-checked. Used inside a Field.
import type { ControlProps } from './Field'

interface SecretInputProps {
  control: ControlProps
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  testId?: string
}

export function SecretInput({
  control,
  value,
  onChange,
  onBlur,
  testId
}: SecretInputProps): React.JSX.Element {
  return (
    <input
      {...control}
      data-testid={testId}
      type="password"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    />
  )
}
