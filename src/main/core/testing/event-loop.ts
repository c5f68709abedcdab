// Tests of work that must give the event loop its turns (chunked writes, sliced checks): how many it gave.

/** Call `look` on every turn of the event loop until `until` settles; resolves with how many turns there were. */
export async function betweenTurns(
  until: Promise<unknown>,
  look: () => void = () => undefined
): Promise<number> {
  let settled = false
  let turns = 0
  const done = until.finally(() => (settled = true))
  const loop = (): void => {
    if (settled) return
    turns++
    look()
    setImmediate(loop)
  }
  setImmediate(loop)
  await done
  return turns
}
