// One table for canned replies' variables: run by the domain's test and by the inbox through the composed core.
import type { ReplyTemplateValues } from './reply-template'

const DEWI: ReplyTemplateValues = { name: 'Bu Dewi', number: '6281377778888' }
const NAMELESS: ReplyTemplateValues = { name: null, number: '6281377778888' }

export const REPLY_TEMPLATE_CASES: readonly {
  template: string
  values: ReplyTemplateValues
  expected: { text: string; missing: string[] }
  why: string
}[] = [
  {
    template: 'Halo {name}!',
    values: DEWI,
    expected: { text: 'Halo Bu Dewi!', missing: [] },
    why: 'the name'
  },
  {
    template: 'Halo { NAME }, nomor {number}',
    values: DEWI,
    expected: { text: 'Halo Bu Dewi, nomor +62 813-7777-8888', missing: [] },
    why: 'case and spaces inside the braces ignored; the number as people read it'
  },
  {
    template: 'Halo {name}',
    values: NAMELESS,
    expected: { text: 'Halo {name}', missing: ['name'] },
    why: 'no name known: left visible and listed'
  },
  {
    template: 'Kode {{promo}} untuk {name}',
    values: DEWI,
    expected: { text: 'Kode {promo} untuk Bu Dewi', missing: [] },
    why: 'doubled braces are literal'
  },
  {
    template: 'Harga {harga} dan {harga}',
    values: DEWI,
    expected: { text: 'Harga {harga} dan {harga}', missing: ['harga'] },
    why: 'an unknown word is not a variable: kept and listed once'
  },
  {
    template: 'Grup {number}',
    values: { name: null, number: '120363000000000001' },
    expected: { text: 'Grup 120363000000000001', missing: [] },
    why: 'a group id stays as it is'
  },
  { template: '', values: DEWI, expected: { text: '', missing: [] }, why: 'empty' }
]
