// As-you-type checks for the add-device form (UI feedback only; the core checks again and tests the token live).

export type UrlProblem = 'required' | 'invalid' | 'https'
export type DeviceField = 'label' | 'baseUrl' | 'token' | 'secret'

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  )
}

/** https everywhere; plain http only to this computer (the sandbox, a local gateway). */
export function checkBaseUrl(value: string): UrlProblem | null {
  const trimmed = value.trim()
  if (!trimmed) return 'required'
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return 'invalid'
  }
  if (!url.hostname) return 'invalid'
  if (url.protocol === 'https:') return null
  if (url.protocol === 'http:') return isLoopback(url.hostname) ? null : 'https'
  return 'invalid'
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
  else if (draft.label.trim().length > 80) problems.label = 'tooLong'
  const url = checkBaseUrl(draft.baseUrl)
  if (url) problems.baseUrl = url
  if (!draft.token.trim()) problems.token = 'required'
  return problems
}

/** Which form field a core error belongs to (`field` may be a path like "baseUrl" or "request.token"). */
export function fieldOfError(field: string | undefined): DeviceField | null {
  const last = field?.split('.').pop()
  return last === 'label' || last === 'baseUrl' || last === 'token' || last === 'secret' ? last : null
}
