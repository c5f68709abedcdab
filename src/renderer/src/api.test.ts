// errorInfo words the core's refusals in the operator's language when the core sent their key.
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../shared/contract'
import { errorInfo } from './api'
import { useSettings } from './stores/settings'
import { makeSettings } from './testing/fixtures'

afterEach(() => useSettings.setState({ settings: null }))

describe('errorInfo', () => {
  const gone = new ApiError({
    code: 'not_found',
    message: 'That device no longer exists.',
    messageKey: 'desktop.error.deviceGone',
    messageParams: {},
    field: 'id'
  })

  it('shows a keyed refusal in Indonesian when the setting says id', () => {
    useSettings.setState({ settings: makeSettings({ language: 'id' }) })
    expect(errorInfo(gone)).toEqual({
      code: 'not_found',
      message: 'Perangkat itu sudah tidak ada.',
      field: 'id'
    })
  })

  it('shows it in English otherwise, and text without a known key as it came', () => {
    expect(errorInfo(gone).message).toBe('That device no longer exists.')
    useSettings.setState({ settings: makeSettings({ language: 'id' }) })
    const fromAnOlderCore = new ApiError({ code: 'x', message: 'As it came', messageKey: 'no.such.key' })
    expect(errorInfo(fromAnOlderCore).message).toBe('As it came')
    expect(errorInfo(new ApiError({ code: 'x', message: 'Plain' })).message).toBe('Plain')
  })
})
