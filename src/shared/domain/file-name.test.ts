// The file-name rule itself, against its one table of cases.
import { describe, expect, it } from 'vitest'
import { fileNamePart } from './file-name'
import { FILE_NAME_PART_CASES } from './file-name.cases'

describe('fileNamePart', () => {
  it.each(FILE_NAME_PART_CASES.map((c) => [c.input, c.expected] as const))('%j → %j', (input, expected) => {
    expect(fileNamePart(input)).toBe(expected)
  })

  it('leaves nothing a Windows, macOS or Linux file name cannot hold', () => {
    for (const { input } of FILE_NAME_PART_CASES) {
      const part = fileNamePart(input)
      expect(part).not.toMatch(/[\\/:*?"<>|\p{Cc}]/u)
      expect(part).not.toMatch(/[.\s]$/u)
    }
  })
})
