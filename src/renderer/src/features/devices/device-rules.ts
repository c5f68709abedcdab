// As-you-type checks for the add-device form (UI feedback only; the core checks again and tests the token live).
import { checkBaseUrl as checkGatewayBaseUrl, MAX_DEVICE_LABEL_LENGTH } from '../../../../shared/domain'

export type UrlProblem = 'required' | 'invalid' | 'https'
export type DeviceField = 'label' | 'baseUrl' | 'token' | 'secret'

/**
 * The shared base-URL rule (https anywhere, http only to this computer; https assumed when typed without). The
 * field starts as "https://": left so, nothing was entered, so it asks for the address rather than calling it wrong.
 */
export function checkBaseUrl(value: string): UrlProblem | null {
  if (/^\s*(https?:\/\/)?\s*$/i.test(value)) return 'required'
  const checked = checkGatewayBaseUrl(value)
  if (checked.ok) return null
  if (checked.problem === 'empty') return 'required'
  return checked.problem === 'insecure_http' ? 'https' : 'invalid'
}

export interface DeviceDraft {
  label: string
  baseUrl: string
  token: string
  secret: string
}

export function checkDeviceDraft(draft: DeviceDraft): Partial<Record<DeviceField, string>> {
  const problems: Partial<Record<DeviceField, string>> = {}
  if (!draft.label.trim()) problems.label = 'required'
  else if (labelTooLong(draft.label)) problems.label = 'tooLong'
  const url = checkBaseUrl(draft.baseUrl)
  if (url) problems.baseUrl = url
  if (!draft.token.trim()) problems.token = 'required'
  return problems
}

/**
 * A device name longer than the core takes. Said at the field, the name kept as typed: the fields carry no maxLength,
 * which cut a pasted name to 80 characters unsaid and saved the cut one (QA78).
 */
export function labelTooLong(label: string): boolean {
  return label.trim().length > MAX_DEVICE_LABEL_LENGTH
}

/** Which form field a core error belongs to (`field` may be a path like "baseUrl" or "request.token"). */
export function fieldOfError(field: string | undefined): DeviceField | null {
  const last = field?.split('.').pop()
  return last === 'label' || last === 'baseUrl' || last === 'token' || last === 'secret' ? last : null
}
