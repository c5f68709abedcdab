import { describe, expect, it } from 'vitest'
import { CONTACT_NAME_CASES } from './contact-name.cases'
import { usableContactName } from './contact-name'

describe('a contact name', () => {
  it.each(CONTACT_NAME_CASES)('keeps $text as $name', ({ text, name }) => {
    expect(usableContactName(text)).toBe(name)
  })
})
