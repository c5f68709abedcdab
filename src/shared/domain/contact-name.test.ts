import { describe, expect, it } from 'vitest'
import { CONTACT_NAME_CASES, CONTACT_NAME_KEY_CASES } from './contact-name.cases'
import { contactNameKey, usableContactName } from './contact-name'

describe('a contact name', () => {
  it.each(CONTACT_NAME_CASES)('keeps $text as $name', ({ text, name }) => {
    expect(usableContactName(text)).toBe(name)
  })
})

describe("a contact name's key", () => {
  it.each(CONTACT_NAME_KEY_CASES)('keys $name as $key', ({ name, key }) => {
    expect(contactNameKey(name)).toBe(key)
  })
})
