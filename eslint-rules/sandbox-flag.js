// The sandbox flag's one reader: whether a device is the built-in sandbox gateway's is asked of isSandboxDevice
// (src/shared/device-status.ts), never of `device.sandbox` itself, so the day the test changes it changes once.
// Type-aware: only a `sandbox` that is the flag (a boolean) is reported, not the reminder's sandbox schedule, the
// core's embedded sandbox or any other object of that name; without type information the rule says nothing.
import ts from 'typescript'

/** Whether `type` is the flag: true, false, or either, perhaps undefined or null, and nothing else. */
function isFlag(type) {
  const parts = type.isUnion() ? type.types : [type]
  const nothing = ts.TypeFlags.Undefined | ts.TypeFlags.Null
  return (
    parts.some((part) => part.flags & ts.TypeFlags.BooleanLike) &&
    parts.every((part) => part.flags & (ts.TypeFlags.BooleanLike | nothing))
  )
}

/** @type {import('eslint').Rule.RuleModule} */
export const sandboxFlag = {
  meta: {
    type: 'problem',
    docs: { description: 'Whether a device is the sandbox’s is read through isSandboxDevice, its one rule.' },
    schema: [],
    messages: {
      direct:
        'Ask isSandboxDevice(device) (src/shared/device-status.ts), the one rule for a sandbox device, not its `sandbox` flag.'
    }
  },
  create(context) {
    const services = context.sourceCode.parserServices
    const program = services?.program
    if (!program || !services.esTreeNodeToTSNodeMap) return {}
    const checker = program.getTypeChecker()
    const flagAt = (node) => isFlag(checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node)))
    return {
      // `device.sandbox`, `device?.sandbox`: a read of the flag (an assignment to it is no read).
      'MemberExpression[computed=false][property.name="sandbox"]'(node) {
        if (node.parent.type === 'AssignmentExpression' && node.parent.left === node) return
        if (flagAt(node)) context.report({ node, messageId: 'direct' })
      },
      // `const { sandbox } = device`: the same read, destructured.
      'ObjectPattern > Property[computed=false][key.name="sandbox"]'(node) {
        const target = node.value.type === 'AssignmentPattern' ? node.value.left : node.value
        if (flagAt(target)) context.report({ node, messageId: 'direct' })
      }
    }
  }
}
