// A conversation's number beside its contact's name (a list row, the thread's heading), drawn whole: the inbox.css
// rule .inbox-number keeps it on one line, and the space before it stays outside it, where a line may break.
export function ConversationNumber({ number }: { number: string }): React.JSX.Element {
  return (
    <>
      {' '}
      <span className="muted small inbox-number" data-testid="inbox-number">
        <NumberGroups number={number} />
      </span>
    </>
  )
}

// A formatted number's groups ("+62", "813-5555-0005"), each never broken (not at its hyphens either); where the
// number may wrap (the thread's heading, inbox.css), it wraps at the spaces between them only.
export function NumberGroups({ number }: { number: string }): React.JSX.Element {
  return (
    <>
      {number.split(' ').map((group, at) => (
        <span key={at}>
          {at > 0 ? ' ' : null}
          <span className="inbox-number-group">{group}</span>
        </span>
      ))}
    </>
  )
}
