import type { FakeApi } from './fake-api'

/** Answers the Outbox's export with a one-row CSV and gives jsdom object URLs, so a test can press Export (CSV). */
export function answerOutboxExport(fake: FakeApi): void {
  fake.handle('outbox:export', () => ({
    fileName: 'outbox.csv',
    mime: 'text/csv',
    dataBase64: btoa('a'),
    count: 1
  }))
  URL.createObjectURL = () => 'blob:export'
  URL.revokeObjectURL = () => undefined
}
