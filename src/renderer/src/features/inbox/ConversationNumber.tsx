// A conversation's number beside its contact's name (a list row, the thread's heading), drawn whole: the inbox.css
// rule .inbox-number keeps it on one line, and the space before it stays outside it, where a line may break.
export function ConversationNumber({ number }: { number: string }): React.JSX.Element {
  return (
    <>
      {' '}
      {/* Always left to right, whatever the name before it (QA64: an Arabic name turned it around). */}
      <span className="muted small inbox-number" data-testid="inbox-number" dir="ltr">
        {number}
      </span>
    </>
  )
}
