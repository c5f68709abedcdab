// Canned replies' variables, by the shared case table.
import { describe, expect, it } from 'vitest'
import { renderReplyTemplate } from './reply-template'
import { REPLY_TEMPLATE_CASES } from './reply-template.cases'

describe('renderReplyTemplate', () => {
  it.each(REPLY_TEMPLATE_CASES.map((c) => [c.why, c] as const))('%s', (_why, c) => {
    expect(renderReplyTemplate(c.template, c.values)).toEqual(c.expected)
  })
})
