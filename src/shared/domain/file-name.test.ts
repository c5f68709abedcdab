// The file-name rule itself, against its one table of cases.
import { describe, expect, it } from 'vitest'
import { fileNamePart, savedFileName } from './file-name'
import { FILE_NAME_PART_CASES, SAVED_FILE_NAME_CASES } from './file-name.cases'
import { shownText } from './shown-text'

describe('fileNamePart', () => {
  // Named by why when a case says it: a 300-byte name makes a title nobody reads.
  it.each(FILE_NAME_PART_CASES.map((c) => [c.why ?? JSON.stringify(c.input), c] as const))(
    '%s',
    (_, { input, tail, expected }) => {
      expect(fileNamePart(input, tail)).toBe(expected)
    }
  )

  it('leaves nothing a Windows, macOS or Linux file name cannot hold', () => {
    for (const { input, tail = '' } of FILE_NAME_PART_CASES) {
      const part = fileNamePart(input, tail)
      expect(part).not.toMatch(/[\\/:*?"<>|\p{Cc}]/u)
      expect(shownText(part), 'no character the shown-text rule drops').toBe(part)
      expect(part).not.toMatch(/[.\s]$/u)
      expect(part).not.toMatch(/^[.\s]/u)
      expect(new TextEncoder().encode(part + tail).length).toBeLessThanOrEqual(255)
    }
  })
})

describe('savedFileName', () => {
  it.each(SAVED_FILE_NAME_CASES.map((c) => [c.why ?? JSON.stringify(c.input), c] as const))(
    '%s',
    (_, { input, expected }) => {
      expect(savedFileName(input, 'file-7')).toBe(expected)
    }
  )

  it('suggests a name every file system takes, within 255 bytes', () => {
    for (const { input } of SAVED_FILE_NAME_CASES) {
      const name = savedFileName(input, 'file-7')
      expect(name).not.toMatch(/[\\/:*?"<>|\p{Cc}]|^[.\s]|[.\s]$/u)
      expect(shownText(name)).toBe(name)
      expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(255)
    }
  })
})
