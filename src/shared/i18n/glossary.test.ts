// One word per thing in the Indonesian window: a concept named two ways reads as two things (the opt-out list was
// "Daftar penolakan" in its heading and "daftar berhenti berlangganan" in Settings). Each case names the chosen
// term, which the table must use, and the variants no string may use any more.
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { id } from './id'

interface Term {
  concept: string
  chosen: RegExp
  variants: RegExp[]
}

const GLOSSARY: Term[] = [
  {
    // "dibatalkan" is what Cancel does: after "Batalkan 2 pesan…" the warning read "cancel… cannot be cancelled" (QA5).
    concept: 'cannot be undone',
    chosen: /\bTindakan ini tidak bisa diurungkan\b/,
    // A sentence of its own: "Pesan ini tidak dapat dibatalkan" (this message cannot be cancelled) is Cancel's own word.
    variants: [/(^|[.?!] )(Ini|Tindakan ini) tidak (bisa|dapat) dibatalkan\b/]
  },
  {
    concept: 'the opt-out list',
    chosen: /\bdaftar berhenti berlangganan\b/i,
    variants: [/\bdaftar penolakan\b/i, /\bdaftar berhenti langganan\b/i, /\bopt-out\b/i]
  },
  {
    // "menolak" is what a gateway does to a request; an opted-out number is a customer's choice.
    concept: 'opted out (a number on that list)',
    chosen: /\bberhenti berlangganan\b/i,
    variants: [/\bmenolak menerima pesan\b/i, /\bsebagai menolak\b/i]
  },
  {
    // The word Windows, Android and the English table use; "berkas" half the time read as a second thing.
    concept: 'a file',
    chosen: /\bfile\b/i,
    variants: [/\bberkas/i]
  },
  {
    // The outbox's chips say "Hapus filter …" and its matches "cocok dengan filter ini"; its Clear button and form read
    // "Hapus saringan", "Saring kotak keluar" (QA6 Q05).
    concept: 'a filter',
    chosen: /\bfilter\b/i,
    variants: [/\bsaring/i]
  },
  {
    concept: 'drop (drag and drop)',
    chosen: /\blepaskan\b/i,
    variants: [/\bjatuhkan\b/i, /\bletakkan\b/i]
  },
  {
    // "Tarikan" is a literal of "a pull"; "tarik" is kept for taking a campaign back, which is another thing.
    concept: 'pull messages from the relay',
    chosen: /\bambil/i,
    variants: [/\btarikan\b/i, /\btoken tarik\b/i]
  },
  {
    // The relay's pull token was "token pengambilan" in the address's warnings and faults and "token penarikan" on its
    // card: "penarikan" is taking a campaign back ("diminta oleh penarikan sebelumnya"), so the pull keeps "ambil".
    concept: "the relay's pull token",
    chosen: /\btoken pengambilan\b/i,
    variants: [/\btoken penarikan\b/i]
  },
  {
    // The view is "Pesan masuk" in the navigation; the shortcuts panel called it "Kotak masuk" (QA F20).
    concept: 'the Messages in view',
    chosen: /\bPesan masuk\b/,
    variants: [/\bkotak masuk\b/i]
  },
  {
    // "Jeda" is Pause (the button, a paused campaign, paused sending), as Android names it; the pacing's waits between
    // sends were "jeda" too (QA N22: "Jeda" beside "Ubah pengaturan jeda", "Jeda terpendek (detik)").
    concept: 'pausing (sending stopped until resumed)',
    chosen: /\b(di)?jeda\b/i,
    variants: [/\bhentikan sementara\b/i]
  },
  {
    concept: 'the wait between two sends (pacing), and pacing itself',
    chosen: /\bjarak (terpendek|terpanjang|antar)/i,
    variants: [
      /\bjeda (terpendek|terpanjang|acak|antar|setelah|kelompok|aman|lebih)/i,
      /\bpengaturan jeda\b/i,
      /\bjeda dan perangkat\b/i
    ]
  },
  {
    // Issue 29: a daily cap counts each message at its first try, taken by the gateway or not; "terkirim hari ini" is
    // the Overview's count of what the gateway took. The cap's count called "terkirim" read as a second "sent today".
    concept: 'what a daily cap has used today',
    chosen: /\bterpakai\b/i,
    variants: [/\bbatas harian\b[^.;]*\bterkirim\b/i]
  },
  {
    // The chores round: the pre-send check said "pesan persis ini", a word-for-word order no one says; the skipped
    // rows beside it say "pesan yang sama".
    concept: 'this exact message (the pre-send check for recent sends)',
    chosen: /\bpesan yang sama persis\b/i,
    variants: [/\bpesan persis ini\b/i]
  },
  {
    // The chores round: a send's reschedule said "3 dijadwalkan ulang." then "1 tidak dipindahkan", which reads as a
    // campaign's rows moved to another device ("dipindahkan dari {from} ke {to}").
    concept: 'rescheduled (a scheduled message given a new time)',
    chosen: /\bdijadwalkan ulang\b/i,
    variants: [/\btidak dipindahkan\b/i]
  }
]

describe('Indonesian glossary', () => {
  for (const { concept, chosen, variants } of GLOSSARY) {
    it(`names ${concept} one way`, () => {
      const texts = Object.entries(id)
      expect(
        texts.some(([, text]) => chosen.test(text)),
        `${String(chosen)} is used`
      ).toBe(true)
      const offenders = texts.filter(([, text]) => variants.some((variant) => variant.test(text)))
      expect(
        offenders.map(([key, text]) => `${key}: ${text}`),
        `strings with a variant of ${String(chosen)}`
      ).toEqual([])
    })
  }
})

describe('the answer that backs out of a question', () => {
  // "Keep it" beside "Hapus percakapan" read "Simpan", Save's own word (QA14 Q14-13): the Indonesian says not to.
  it('never reads as Save in Indonesian', () => {
    const backOuts = Object.keys(en).filter((key) => /^Keep( it)?$/.test(en[key as keyof typeof en]))
    expect(backOuts).toContain('inbox.thread.deleteNo')
    const saveWords = id['common.save']
    expect(
      backOuts
        .map((key) => [key, id[key as keyof typeof id]] as const)
        .filter(([, text]) => text === saveWords || !/^Jangan\b/.test(text))
    ).toEqual([])
  })
})
