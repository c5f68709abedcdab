// The gateway does what it was asked, then its answer is lost on the way back: the case where a retry would do the
// work twice (a reminder made twice, a device ordered and billed twice). One helper for the tests that stage it.
import type { FaultRule, SandboxControl } from '@sender-desk/sandbox-gateway'

/** The next answer to `path` (`method`, any when not given) comes back `kind` after the sandbox has done the work. */
export async function loseNextAnswer(
  control: Pick<SandboxControl, 'addFault'>,
  path: string,
  {
    method,
    kind = 'garbage'
  }: { method?: string; kind?: Extract<FaultRule['kind'], 'garbage' | 'truncate'> } = {}
): Promise<void> {
  await control.addFault({
    path,
    ...(method ? { method } : {}),
    kind,
    applyAfterHandling: true,
    times: 1
  })
}
