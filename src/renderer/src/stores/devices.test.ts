// Devices store: replies from the device actions land in the list (order kept), removal drops the device.
import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeApi } from '../testing/fake-api'
import { makeDevice } from '../testing/fixtures'
import { installFakeApi } from '../testing/render'
import { useDevices } from './devices'

let fake: FakeApi
beforeEach(() => {
  fake = installFakeApi()
  useDevices.getState().setDevices([makeDevice({ id: 'a', label: 'A' }), makeDevice({ id: 'b', label: 'B' })])
})

describe('devices store', () => {
  it('puts a changed device back in its place, and appends a new one', () => {
    useDevices.getState().upsert(makeDevice({ id: 'a', label: 'A2' }))
    useDevices.getState().upsert(makeDevice({ id: 'c', label: 'C' }))
    expect(useDevices.getState().devices.map((d) => d.label)).toEqual(['A2', 'B', 'C'])
  })

  it('adds, refreshes and removes through the contract', async () => {
    fake.handle('devices:add', (request) => makeDevice({ id: 'n', label: request.label }))
    fake.handle('devices:refresh', ({ id }) => makeDevice({ id, state: 'unreachable' }))
    fake.handle('devices:remove', () => ({ ok: true }))
    await useDevices.getState().add({ label: 'New', baseUrl: 'https://x.example', token: 't' })
    await useDevices.getState().refresh('b')
    await useDevices.getState().remove('a')
    expect(useDevices.getState().devices.map((d) => [d.id, d.state])).toEqual([
      ['b', 'unreachable'],
      ['n', 'connected']
    ])
  })

  it('leaves the list alone when the core refuses', async () => {
    fake.fail('devices:remove', { code: 'not_found', message: 'That device no longer exists.' })
    await expect(useDevices.getState().remove('a')).rejects.toMatchObject({ code: 'not_found' })
    expect(useDevices.getState().devices).toHaveLength(2)
  })
})
