// A webhook attempt the receiver did not answer, in words (QA58: "no answer: ECONNREFUSED", in Indonesian too).
import { describe, expect, it } from 'vitest'
import { translate } from '../../i18n'
import { noAnswerWords } from './attempt-words'

const URL_AT = 'http://127.0.0.1:9/hook'

describe('noAnswerWords', () => {
  it.each([
    ['ECONNREFUSED', 'Nothing is listening at 127.0.0.1:9 (connection refused): is your receiver running?'],
    ['ENOTFOUND', '127.0.0.1:9 is not found: no such name in DNS. Check the address.'],
    ['EAI_AGAIN', '127.0.0.1:9 is not found: no such name in DNS. Check the address.'],
    ['ECONNRESET', 'The connection to 127.0.0.1:9 was cut before it answered.'],
    ['UND_ERR_SOCKET', 'The connection to 127.0.0.1:9 was cut before it answered.'],
    ['ETIMEDOUT', '127.0.0.1:9 cannot be reached from here: no route to it, or no connection in time.'],
    ['EHOSTUNREACH', '127.0.0.1:9 cannot be reached from here: no route to it, or no connection in time.'],
    ['no answer within 10 s', 'No answer within 10 s: the receiver took too long.'],
    ['refused: 127.0.0.1 is a loopback address', 'no answer: refused: 127.0.0.1 is a loopback address'],
    [null, 'no answer: ']
  ])('%j → %j', (error, words) => {
    expect(noAnswerWords((key, params) => translate('en', key, params), error, URL_AT)).toBe(words)
  })

  it('speaks Indonesian in an Indonesian window', () => {
    const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]): string =>
      translate('id', key, params)
    expect(noAnswerWords(t, 'ECONNREFUSED', URL_AT)).toBe(
      'Tidak ada yang mendengarkan di 127.0.0.1:9 (koneksi ditolak): apakah penerima Anda berjalan?'
    )
    expect(noAnswerWords(t, 'no answer within 10 s', URL_AT)).toBe(
      'Tidak ada jawaban dalam 10 dtk: penerima terlalu lama.'
    )
  })

  it('names the address as written when it is no URL', () => {
    expect(noAnswerWords((key, params) => translate('en', key, params), 'ECONNREFUSED', 'not a url')).toBe(
      'Nothing is listening at not a url (connection refused): is your receiver running?'
    )
  })
})
