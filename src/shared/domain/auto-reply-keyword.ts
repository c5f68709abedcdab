// Which incoming message a gateway auto-reply (v2/autoreply) answered: the text equal to the rule's keyword once both
// have their ends trimmed, every run of spaces made one space and their letters lower-cased. No punctuation is
// dropped and no word inside a sentence counts: the gateway answers "harga", never "harga?" nor "berapa harga".
// One rule for the core (which counts the conversations each keyword answered) and the window (which shows the
// keyword beside the message it answered); the sandbox gateway matches the same way (its case table says so).

/** "Recently" in the chatbot view: the days of messages whose answers it counts. */
export const AUTO_REPLY_COUNT_DAYS = 7

/** The form a keyword and a message are compared in. */
export function autoReplyKeywordForm(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * The rule among these whose keyword the message is (the first, as the gateway answers once), or null. With the
 * message's time (`at`, ms), a rule Sender Desk first saw as it reads now only after it (`knownSince`) is passed over:
 * it did not answer then, or answered with other words. A rule with `knownSince` null was there when Sender Desk first
 * read the device's rules (the gateway's list has no dates): it may be older than the message, and counts.
 */
export function autoReplyAnswering<Rule extends { keyword: string; knownSince?: number | null }>(
  text: string,
  rules: readonly Rule[],
  at?: number
): Rule | null {
  const form = autoReplyKeywordForm(text)
  if (form === '') return null
  return (
    rules.find(
      (rule) =>
        autoReplyKeywordForm(rule.keyword) === form &&
        (at === undefined ||
          rule.knownSince === undefined ||
          rule.knownSince === null ||
          rule.knownSince <= at)
    ) ?? null
  )
}
