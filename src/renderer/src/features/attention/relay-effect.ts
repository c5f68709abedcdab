// What a relay that needs the operator means for the customers' messages, in words: the attention strip's relay item
// and the Overview's Messages in part say the same (QA82).
import type { RelayEffect } from '../../../../shared/relay-status'
import type { MessageKey } from '../../i18n'

export const RELAY_EFFECT_KEY: Record<RelayEffect, MessageKey> = {
  notArriving: 'attention.relay.notArriving',
  lost: 'attention.relay.lost',
  nearFull: 'attention.relay.nearFull'
}
