// How the inbox's message search folds text, and the search of the operator's own messages (the inbox search's replies,
// the Outbox's text filter): the full-text indexes (inbox_messages_search's and outbox_items_search's tokenizer, "trigram
// remove_diacritics 1") and every read that tests rows one by one (fts-fold.ts) answer these alike. The rule is
// SQLite's: case aside and a letter's marks dropped (several marks too: Vietnamese "ố" as "o"), combining marks
// dropped wherever they stand; a letter that is not a letter with marks stays itself (Turkish "ı", Vietnamese "đ",
// German "ß"), and the tokenizer folds no mark off letters outside Latin (Cyrillic "ё", Greek "ά").

export const INBOX_TEXT_FOLD_CASES: readonly { text: string; word: string; found: boolean }[] = [
  { text: 'Pak Dédé sudah bayar', word: 'dede', found: true },
  { text: 'Pak Dede sudah bayar', word: 'DÉDÉ', found: true },
  { text: 'Ngopi di café', word: 'cafe', found: true },
  // Decomposed (NFD: "e" then U+0301), as some phones send it.
  { text: 'Pak De\u0301de\u0301 sudah bayar', word: 'dédé', found: true },
  { text: 'ÉCLAIR cokelat', word: 'éclair', found: true },
  { text: 'kue éclair', word: 'Éc', found: true },
  { text: 'Pak Dédé', word: 'dé', found: true },
  { text: 'Pak Dédé', word: 'da', found: false },
  // Turkish: dotted capital İ is "i"; dotless ı is a letter of its own, Ş and Ç lose their cedillas.
  { text: 'Kirim ke İstanbul', word: 'istanbul', found: true },
  { text: 'Çağrı Ünal', word: 'cagrı unal', found: true },
  { text: 'Çağrı Ünal', word: 'cagri', found: false },
  { text: 'ŞEKER bayramı', word: 'seker', found: true },
  // Vietnamese: tones and vowel marks go, one or two of them; đ keeps its stroke.
  { text: 'Nguyễn Văn Thành', word: 'nguyen van thanh', found: true },
  { text: 'Phở bò tái', word: 'PHO BO TAI', found: true },
  { text: 'Trường học', word: 'truong', found: true },
  { text: 'Ship ke Đà Nẵng', word: 'đa nang', found: true },
  { text: 'Ship ke Đà Nẵng', word: 'da nang', found: false },
  { text: 'Ship ke Đà Nẵng', word: 'ẵn', found: true },
  // Outside Latin: case only.
  { text: 'Ёлка', word: 'ёлка', found: true },
  { text: 'Ёлка', word: 'елка', found: false },
  { text: 'Straße', word: 'STRASSE', found: false },
  { text: 'Straße', word: 'straẞe', found: true },
  // A word of marks alone holds nothing.
  { text: 'Pak Dédé', word: '\u0301', found: false }
]
