// A view's search box ("/" reaches it) that says its limit at the field: past the contract's limit for its search the
// text is kept whole and marked, and the view asks nothing (searchFits) until it fits.
import { useT } from '../i18n'
import { Field } from './Field'
import { searchTooLong } from './text-limit'

export function SearchField({
  id,
  label,
  value,
  max,
  onChange,
  dir
}: {
  id: string
  label: string
  value: string
  /** The contract's limit for this search (MAX_SEARCH_LENGTH and its kin). */
  max: number
  onChange(value: string): void
  dir?: 'auto'
}): React.JSX.Element {
  const t = useT()
  return (
    <Field id={id} label={label} error={searchTooLong(t, value, max)}>
      {(control) => (
        <input
          {...control}
          type="search"
          data-view-search
          dir={dir}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}
