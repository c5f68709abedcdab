// The sandbox's built-in device is named in the window's language when it is made: an Indonesian window got
// "Sandbox device" among its Indonesian words.
import { afterEach, expect, it } from 'vitest'
import type { Core } from '../../src/main/core/compose'
import { composeSandboxCore } from './testing/sandbox-core'

let core: Core | undefined
afterEach(async () => core?.stop())

it('names the sandbox device in the language the window asks in', async () => {
  core = await composeSandboxCore('sd-sandbox-name-')
  const { device } = await core.handlers['sandbox:start']({ language: 'id' })
  expect(device.label).toBe('Perangkat sandbox')
  const listed = (await core.handlers['devices:list']({})).devices.find((d) => d.id === device.id)
  expect(listed?.label).toBe('Perangkat sandbox')
})

it('names it in English when no language is given (the CLI, older windows)', async () => {
  core = await composeSandboxCore('sd-sandbox-name-en-')
  const { device } = await core.handlers['sandbox:start']({})
  expect(device.label).toBe('Sandbox device')
})
