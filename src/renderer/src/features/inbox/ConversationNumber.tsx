// A conversation's number beside its contact's name (a list row, the thread's heading), drawn whole: the inbox.css
// rule .inbox-number keeps it on one line, and the space before it stays outside it, where a line may break.
export function ConversationNumber({ number }: { number: string }): React.JSX.Element {
  return (
    <>
      {' '}
      <span className="muted small inbox-number" data-testid="inbox-number">
        {number}
      </span>
    </>
  )
}
