// The window's English before its full table arrives: the strings its start chunk draws with (the shell, the first
// view, the start's stores), so the start does not carry the other ~75 kB (issue 29: each 87 kB of start strings cost
// the first load 6-11 ms). Part of `en` (en.ts); the window build reads only this table at start and loads the rest
// after the shell (electron.vite.config.ts, englishAtStart). test/boot/window-start.test.ts fails when the start
// chunk names a key that is not here.
export const enStart = {
  'app.loading': 'Starting Sender Desk…',
  'app.bootError': 'Sender Desk could not start: {message}',
  'app.skip': 'Skip to content',
  'app.viewLoading': 'Opening…',
  'app.viewOpening': 'Opening {view}…',
  'app.viewName.linking': 'device linking',
  'app.viewName.newDevice': 'the new device form',
  'app.viewLoadError': 'This view could not be opened: {message}',
  'common.close': 'Close',
  'common.dismiss': 'Dismiss',
  'common.tryAgain': 'Try again',
  'common.unknown': 'Unknown',
  'desktop.device.notLinked': 'Not linked: scan the QR code with the sender phone.',
  'desktop.device.numberChanged': 'Number changed to {phone}: scan the QR code with that phone.',
  'desktop.device.webConflict': 'WhatsApp Web took over the connection (gateway: "{gateway}").',
  'desktop.device.rateLimited': 'The gateway asked us to slow down (rate limited).',
  'desktop.device.serverError': 'The gateway is failing.',
  'desktop.device.serverErrorStatus': 'The gateway is failing (HTTP {status}).',
  'desktop.device.notSupported': 'This address does not answer device/info; check the server URL.',
  'desktop.device.notSupportedNow': 'This address answered device/info before and does not now.',
  'desktop.gateway.httpStatus': '{reason} (HTTP {status})',
  'desktop.gateway.said': '{reason} (gateway: "{gateway}")',
  'nav.label': 'Main',
  'nav.menu': 'Menu: {view}',
  'nav.more': 'More',
  'nav.tabCounted': '{view}, {count}',
  'nav.devices': 'Devices',
  'nav.send': 'Send',
  'nav.outbox': 'Outbox',
  'nav.schedules': 'Schedules',
  'nav.settings': 'Settings',
  'shortcuts.title': 'Keyboard shortcuts',
  'shortcuts.views': 'Open the views in the order of the tabs (Alt+0: Settings)',
  'shortcuts.search': 'Focus the search field of the view',
  'shortcuts.noSearch': 'This view has no search field.',
  'shortcuts.rows': 'Next / previous row in any list',
  'shortcuts.rowEnds': 'First / last row of any list',
  'shortcuts.listRows':
    'Messages in (conversations and search results), Outbox, and the customers and opt-out list in Campaigns: next / previous row (one Tab for the whole list)',
  'shortcuts.send': 'Send the message being written',
  'shortcuts.chips': 'Between the chips of recipients, files or filters; Delete removes one',
  'shortcuts.help': 'Show this list',
  'shortcuts.close': 'Close this list or an open detail',
  'nav.home': 'Overview',
  'overview.title': 'Overview',
  'overview.today': 'Today',
  'overview.today.waiting': 'waiting now',
  'overview.today.waitingOf': 'waiting ({parts})',
  'overview.today.waitingNowOf': 'waiting now ({parts})',
  'overview.today.part.held': '{held} held for your decision',
  'overview.today.part.scheduled': '{scheduled} scheduled for later',
  'overview.today.part.scheduledToday': '{scheduled} due later today',
  'overview.today.part.scheduledAfter': '{scheduled} after today',
  'overview.today.part.scheduledCapHeld': "{scheduled} scheduled until a device's daily cap starts again",
  'overview.today.part.scheduledOptedOut': '{scheduled} will not be sent: opted out',
  'overview.today.part.paused': '{paused} paused',
  'overview.today.part.stopped': '{queued} until {device} can send',
  'overview.today.part.capSpent': "{queued} until {device}'s daily cap starts again",
  'overview.today.part.queued': '{queued} queued',
  'overview.today.part.outsideHours': "{queued} until a campaign's working hours",
  'overview.today.part.campaignCap': "{queued} until a campaign's daily cap starts again",
  'overview.today.withGateway': 'with the gateway, not yet sent',
  'overview.today.sent': 'sent today',
  'overview.today.failed': 'failed today',
  'overview.today.cancelled': 'cancelled today',
  'overview.today.optedOut': 'not sent: opted out today',
  'overview.today.sentNow': 'Sent today, where they are now: {split}',
  'overview.today.part.sentDeleted': '{count} since deleted from this computer',
  'overview.unread':
    '{count, plural, one {# unread message} other {# unread messages}} from {customers, plural, one {# customer} other {# customers}}',
  // QA (marked unread): the conversations the operator marked unread, named beside the customers' unread messages.
  'overview.unreadAndMarked':
    '{count, plural, one {# unread message} other {# unread messages}} from {customers, plural, one {# customer} other {# customers}} and {marked, plural, one {# conversation marked unread} other {# conversations marked unread}}',
  'buckets.queued': '{count} queued',
  'buckets.queuedPaused': '{count} queued ({paused} paused)',
  'buckets.scheduled': '{count} scheduled',
  'buckets.scheduledOptedOut': '{count} scheduled ({optedOut} will not be sent: opted out)',
  'buckets.withGateway': '{count} with the gateway',
  'buckets.sent': '{count} sent',
  'buckets.delivered': '{count} delivered',
  'buckets.read': '{count} read',
  'buckets.failed': '{count} failed',
  'buckets.cancelled': '{count} cancelled',
  'buckets.optedOut': '{count} opted out',
  'buckets.revoked': '{count} deleted for everyone',
  'buckets.total': '{count} in all',
  'overview.campaigns': 'Campaigns',
  'overview.campaigns.none': 'No campaign is sending or paused.',
  'overview.campaigns.ended': 'ended {time}',
  'overview.campaigns.bucket': '{count} {bucket}',
  'overview.campaigns.progress': '{sent} of {rows} sent',
  'overview.campaigns.progressRevoked': '{sent} of {rows} sent ({revoked} deleted for everyone since)',
  'overview.campaigns.progressKept':
    '{sent} of {rows} sent ({kept} left with the customers by the take-back)',
  'overview.campaigns.progressRevokedKept':
    '{sent} of {rows} sent ({revoked} deleted for everyone since, {kept} left with the customers by the take-back)',
  'overview.campaigns.finish': 'estimated end {time}',
  'overview.campaigns.late': 'running behind its estimated end',
  'overview.campaigns.finishPart':
    '{covered, plural, one {the # the gateway quota covers ends} other {the # the gateway quota covers end}} about {time}, {waiting, plural, one {# waits} other {# wait}} until the gateway package is renewed or topped up',
  'overview.campaigns.finishPart.sandbox':
    '{covered, plural, one {the # the gateway quota covers ends} other {the # the gateway quota covers end}} about {time}, {waiting, plural, one {# waits} other {# wait}} until the quota is topped up: “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices)',
  'overview.campaigns.finishPart.mixed':
    '{covered, plural, one {the # the gateway quota covers ends} other {the # the gateway quota covers end}} about {time}, {waiting, plural, one {# waits} other {# wait}} until each device’s quota is topped up: {gatewayDevices} by renewing or topping up the gateway package, {sandboxDevices} with “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices)',
  'overview.campaigns.waitsForQuota':
    '{waiting, plural, one {# waits} other {# wait}} until the gateway package is renewed or topped up',
  'overview.campaigns.waitsForQuota.sandbox':
    '{waiting, plural, one {# waits} other {# wait}} until the quota is topped up: “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices)',
  'overview.campaigns.waitsForQuota.mixed':
    '{waiting, plural, one {# waits} other {# wait}} until each device’s quota is topped up: {gatewayDevices} by renewing or topping up the gateway package, {sandboxDevices} with “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices)',
  'overview.fleet': 'Devices',
  'overview.fleet.none': 'No devices yet.',
  'overview.quota': 'Quota {quota}',
  'overview.expiry.days': 'expires in {count, plural, one {# day} other {# days}}',
  'overview.expiry.past': 'subscription ended',
  'overview.capSpent': 'daily cap used up until {at}',
  'overview.expiry.unknown': 'expiry unknown',
  'counts.label': 'Outbox at a glance',
  'counts.queued': 'queued',
  'counts.queuedPaused': 'queued ({paused} paused)',
  'counts.pausedShort': 'Paused',
  'counts.scheduled': 'scheduled',
  'counts.scheduledOptedOut': 'scheduled ({optedOut} will not be sent: opted out)',
  // The narrow header's row: the full words made it three lines, the header taller than the room kept under it.
  'counts.scheduledOptedOutShort': 'scheduled ({optedOut} will not be sent)',
  'counts.failed': 'failed',
  'counts.failedBadge': '{count} failed',
  'counts.pause': 'Pause sending',
  'counts.resume': 'Resume sending',
  // Said plainly (probe 4 P2): a reminder and an auto-reply the gateway keeps went out under this line, unsaid.
  'counts.pausedNote':
    'Sending is paused. Messages wait in the outbox until you resume. What the gateway keeps still goes out: its reminders, its auto-replies and messages scheduled at the gateway.',
  'counts.heldByTerminal':
    'A terminal command (pid {pid}) is sending from this computer. New messages wait in the outbox; the app takes over sending when that command ends.',
  'counts.show': 'Show these in the outbox',
  'attention.label': 'What needs you',
  'attention.held':
    '{count, plural, one {# scheduled message came due while it could not be sent (Sender Desk was closed or the computer was asleep) and is held for you: send it or cancel it.} other {# scheduled messages came due while they could not be sent (Sender Desk was closed or the computer was asleep) and are held for you: send or cancel each, or all at once in Schedules.}}',
  'attention.held.open': 'Open Schedules',
  // QA72: a campaign its device's failure paused waits for Resume once the device is back; the strip names it.
  'attention.campaign': 'Campaign “{name}”',
  'attention.campaign.waits': 'It does not go on by itself: press Resume to go on.',
  'attention.campaign.resume': 'Resume {campaign} on {device}',
  // QA82: a relay that needs the operator (the tray's rule), said on every view but Messages in, in the relay card's
  // words (relay.state.*) and what it means for the customers' messages.
  'attention.relay': 'relay: {state}',
  'attention.relay.notArriving': 'Customers’ new messages are not reaching this computer.',
  'attention.relay.lost': 'Messages customers send now are lost.',
  'attention.relay.nearFull': 'It will soon refuse customers’ new messages.',
  'attention.relay.open': 'Open Messages in',
  // Read after a label that names the relay (the inbox’s “Relay” heading, the tray’s and the attention strip’s
  // “Messages in — relay: …”): never the relay again. Here since the attention strip draws them at start.
  'relay.state.not-set-up': 'not set up',
  'relay.state.starting': 'starting…',
  'relay.state.connected': 'connected',
  'relay.state.behind': 'catching up, {count} waiting',
  'relay.state.near-full': 'connected, almost full',
  'relay.state.full': 'full, refusing new messages',
  'relay.state.unreachable': 'cannot be reached',
  // Past the quick tries, still tried again (slowly): a relay restarted, or a proxy in front of it, may take it again.
  'relay.state.auth-refused': 'refused this computer’s pull token; trying again every few minutes',
  // A refusal tried again before the sync stops (a proxy's or an access layer's may pass): the relay did answer.
  'relay.state.auth-retrying': 'refused this computer’s pull token; trying again ({attempt} of {tries})',
  'relay.state.locked': 'the mailbox’s keys are locked',
  'relay.state.failing': 'saving messages on this computer failed',
  'relay.state.cursor-ahead': 'lost its storage',
  // Named at start by the relay's state (src/shared/relay-status.ts tells a refusal being tried again by it).
  'inbox.fault.pullTokenRefusedRetrying':
    'the relay refused the pull token; trying again ({attempt} of {tries})',
  // The Campaigns view's Resume, also the strip's button for a part a failure paused.
  'campaigns.resume': 'Resume',
  'storage.sessionOnly':
    'Tokens are kept for this session only: no keyring was found, so you will need to enter them again after a restart. Enable a keyring (for example GNOME Keyring or KWallet) to keep them safely.',
  'storage.weak':
    'Tokens are stored with weak protection because you allowed it. Enable a keyring to protect them properly.',
  'state.unknown': 'Checking',
  'state.connected': 'Connected',
  'state.disconnected': 'Disconnected',
  'state.needs-scan': 'Needs a QR scan',
  'state.awaiting-activation': 'Waiting for activation',
  'state.expired': 'Expired',
  'state.token-invalid': 'Token refused',
  'state.unreachable': 'Gateway unreachable',
  // The same state, the gateway reached: named for what its answer said (see device-status.ts, UNREACHABLE_WORDS).
  'state.unreachable.serverError': 'Gateway failing',
  'state.unreachable.rateLimited': 'Gateway asks to slow down',
  'state.unreachable.notSupported': 'Not a gateway address',
  'state.locked': 'Token locked',
  // Connected, but the gateway refuses sends for quota: its messages wait (see device-status.ts, quotaUsedUp).
  'state.connected.quotaUsedUp': 'Connected, quota used up',
  'advice.unknown': 'Sender Desk is checking this device.',
  'advice.connected': 'Ready to send.',
  'advice.connected.quotaUsedUp': 'Its messages wait: renew or top up the gateway package, then check again.',
  // The built-in sandbox has no package to buy: its own panel tops up (as it renews, advice.expired.sandbox).
  // Said on the card and in the strip on any view, each with its "Top up" button (devices.topUp) beside it.
  'advice.connected.quotaUsedUp.sandbox': 'Its messages wait: top up its sandbox quota.',
  'advice.disconnected': 'Try Restart. If it stays disconnected, relink it by scanning a new code.',
  'advice.disconnected.webConflict':
    'WhatsApp Web was opened with this number and took over: close WhatsApp Web wherever it is open, then press Restart. No new code is needed.',
  'advice.needs-scan':
    'The phone logged out of WhatsApp: relink it by scanning a new code with the same phone.',
  'advice.needs-scan.neverLinked':
    'This device has not been linked yet: scan its code with the sender phone.',
  'advice.needs-scan.numberChanged':
    'The number was changed: scan a new code with the phone that has the new number.',
  'advice.awaiting-activation':
    'Scanned. The gateway’s IT support must activate it; open “Message for IT support” for the message to send them.',
  'advice.expired': 'The gateway subscription has ended. Renew it with your provider.',
  'advice.expired.sandbox':
    'The sandbox subscription has ended: choose “Renew the subscription” in Sandbox controls on this device’s card (Devices).',
  'advice.token-invalid':
    'The gateway refused the token. Copy the current token from the gateway dashboard and choose “Enter the token again”.',
  // Shown after the state ("Gateway unreachable."), so it does not say it again.
  'advice.unreachable': 'Check the internet connection; Sender Desk keeps trying.',
  // The linking wizard's problem for a gateway not reached, by its cause: the same table as the card's advice.
  'linking.problem.unreachable.title': 'The gateway cannot be reached.',
  'linking.problem.unreachable.next':
    'Check the internet connection. Sender Desk keeps trying and carries on by itself when the gateway answers; or try again now.',
  // The built-in sandbox runs inside Sender Desk: set unreachable in its panel below, or stopped (a start starts it).
  'linking.problem.unreachable.nextSandbox':
    'The sandbox gateway runs inside Sender Desk and needs no internet: choose “Make the gateway reachable again” in Sandbox controls below. If it still does not answer, restart Sender Desk, which starts the sandbox again.',
  // The sandbox's request for a code met nothing while its check is fine: it is not set unreachable in its panel (its
  // "reachable again" does not apply); it stopped or was slow.
  'linking.problem.unreachable.nextSandboxRequest':
    'The sandbox gateway runs inside Sender Desk and needs no internet, but it did not answer: try again. If it still does not answer, restart Sender Desk, which starts the sandbox again.',
  // The gateway was reached and answered (a server error, or asked to slow down): its next step is the card's advice.
  'linking.problem.unreachable.title.answered': 'The gateway answered, but cannot link this device now.',
  'linking.problem.unreachable.title.notSupported': 'This address does not answer as a gateway.',
  // The card's advice for it names its "Check again"; the wizard's button is "Try again".
  'linking.problem.unreachable.nextNotSupported':
    'Compare this address with the server address in your gateway dashboard, then choose “Try again”. Only if that address is different, add the device again with it in Devices: removing this one cancels its waiting messages.',
  'linking.problem.unreachable.nextNotSupportedNow':
    'This address answered as a gateway before; the provider may be changing something. Sender Desk keeps trying and carries on by itself when it answers: check the server address in your gateway dashboard, then choose “Try again”.',
  // The built-in sandbox runs inside Sender Desk: set unreachable in its panel, or stopped (a start starts it again).
  'advice.unreachable.sandbox':
    'The sandbox gateway runs inside Sender Desk and needs no internet: choose “Make the gateway reachable again” in Sandbox controls on this device’s card (Devices). If it still does not answer, restart Sender Desk, which starts the sandbox again.',
  'advice.unreachable.serverError':
    'The gateway answers, with a server error: the trouble is on the provider’s side. Sender Desk keeps trying; if it lasts, contact your gateway provider.',
  // The built-in sandbox has no provider: its server error is its own. Settings lists its saved state if a start
  // cannot read it (settings.damaged.*), with the button that starts it fresh.
  'advice.unreachable.serverError.sandbox':
    'The sandbox gateway runs inside Sender Desk, and this server error is the sandbox’s own. Sender Desk keeps trying; if it lasts, restart Sender Desk, which starts the sandbox again. If Settings then shows the sandbox gateway under “Could not be read at start”, choose “Set aside and start fresh” there.',
  'advice.unreachable.rateLimited':
    'The gateway asked Sender Desk to slow down; it waits and tries again by itself.',
  'advice.unreachable.notSupported':
    'This address does not answer as a gateway. Compare it with the server address in your gateway dashboard, then choose Check again. Only if that address is different, add the device again with it: removing this one cancels its waiting messages.',
  'advice.unreachable.notSupportedNow':
    'This address answered as a gateway before and does not now; the provider may be changing something. Its messages wait and Sender Desk keeps trying: check the server address in your gateway dashboard, then choose Check again.',
  'advice.locked':
    'The saved token cannot be read (the keyring is locked or changed). Unlock the keyring and restart Sender Desk, or add the device again.',
  'welcome.startAtLogin':
    'Start Sender Desk in the tray when I log in, so sending and device checks keep going',
  'welcome.title': 'Welcome to Sender Desk',
  'welcome.language': 'Language',
  'welcome.intro': 'Link a WhatsApp number to your gateway, then send messages and files from this desk.',
  'welcome.add.title': 'Add a gateway device',
  'welcome.add.body': 'You need the gateway address and the device token from your gateway dashboard.',
  'welcome.add.action': 'Add a gateway device',
  'welcome.sandbox.title': 'Try the sandbox',
  'welcome.sandbox.body':
    'A pretend gateway inside Sender Desk: walk through linking and sending without a real phone. Nothing leaves this computer.',
  'welcome.sandbox.action': 'Try the sandbox',
  'welcome.sandbox.starting': 'Starting the sandbox…',
  'devices.quota.unlimited': 'Unlimited',
  'devices.quota.left': '{count, plural, one {# message} other {# messages}} left',
  'devices.quota.none': 'used up: renew or top up the gateway package',
  // The built-in sandbox has no package to renew or top up: its own panel tops up (device-status.ts, quotaToppedUpBy).
  'devices.quota.none.sandbox':
    'used up: choose “Top up the quota” in Sandbox controls on this device’s card (Devices)',
  'devices.announce': '{label}: {state}',
  'devices.restart': 'Restart',
  'devices.checkAgain': 'Check again',
  // A sandbox device's used-up quota: opens its Sandbox controls on the top-up (the card's, and the strip's on any view).
  'devices.topUp': 'Top up',
  // The strip's verdict on its Restart and Check again (the card's, device-verdict.ts).
  'devices.restart.restarted': 'Restarted.',
  'devices.restart.reconnected': 'Reconnected.',
  'devices.restart.settling': 'The gateway took the restart: waiting for the device to report back…',
  'devices.restart.stillDown':
    'The gateway took the restart, but the device is still “{state}”. See the advice above.',
  'devices.checkAgain.ok': 'Connected again.',
  'devices.checkAgain.still': 'Still “{state}”.',
  'devices.renewAt': 'Renew at {host}',
  'devices.relink': 'Relink',
  'devices.link': 'Link',
  'devices.activationMessage': 'Message for IT support',
  'devices.token.enter': 'Enter the token again',
  'send.drop.overlay': 'Drop the files to add them to the message',
  'send.drop.overlaySheet':
    'Drop to choose: import the spreadsheet as campaign recipients, or send it as a file',
  'nav.webhooks': 'Webhooks',
  'nav.autoReplies': 'Auto-replies',
  'nav.reminders': 'Reminders',
  'nav.campaigns': 'Campaigns',
  // The campaign's bucket words: the Overview's campaign line names its rows not sent with them (campaign-facts.ts).
  'campaigns.count.ready': 'ready to send',
  'campaigns.count.queued': 'queued',
  'campaigns.count.scheduled': 'scheduled',
  'campaigns.count.withGateway': 'with the gateway, not yet sent',
  'campaigns.count.sent': 'sent',
  'campaigns.count.delivered': 'delivered',
  'campaigns.count.read': 'read',
  'campaigns.count.failed': 'failed',
  'campaigns.count.skipped': 'skipped by the check',
  'campaigns.count.cancelled': 'cancelled',
  'campaigns.count.optedOut': 'opted out during the campaign (not sent)',
  'campaigns.count.revoked': 'deleted for everyone',
  'campaigns.status.draft': 'draft',
  // A draft left with no device (its only one removed): the words of its "Send from" field (desktop.error.draftNoDevice).
  'campaigns.status.draftNoDevice': 'draft · no device: choose one before starting',
  'campaigns.status.running': 'sending',
  'campaigns.status.paused': 'paused',
  'campaigns.status.cancelled': 'cancelled',
  'campaigns.status.cancelledDeviceRemoved': 'cancelled · its device was removed',
  'campaigns.status.finished': 'finished',
  'campaigns.status.takenBack': '{status} · taken back',
  'campaigns.status.takingBack': '{status} · being taken back ({count} waiting)',
  'campaigns.status.withGateway': 'handed to the gateway, not all sent yet',
  'campaigns.status.heldBySendingPause': 'held: all sending is paused',
  'campaigns.status.waitingForHours': 'waiting for its working hours to open',
  'campaigns.status.waitingForHoursAt': 'waiting for its working hours to open at {time}',
  'campaigns.status.waitingForDevices': 'waiting: no chosen device can send now',
  'campaigns.status.rateLimited': 'waiting: the gateway asked to slow down (next try at {time})',
  'campaigns.status.checking':
    'the gateway is failing: checking whether it got the last messages before sending again',
  // One device's part of a campaign, its device named: "Toko Kedua — Paused: …" (the Overview loads with the start).
  'campaigns.part': '{device} — {state}',
  'campaigns.wait.none': 'Sending now',
  // A part held by its device's state, a sentence for each (QA, state words: not the badge's name in quotes).
  'campaigns.wait.held.disconnected': 'Waiting: the device is disconnected.',
  'campaigns.wait.held.loggedOut': 'Waiting: the device is logged out.',
  'campaigns.wait.held.neverLinked': 'Waiting: the device is not linked yet.',
  'campaigns.wait.held.numberChanged': 'Waiting: the device needs its QR code scanned for its new number.',
  'campaigns.wait.held.awaitingActivation': 'Waiting: the gateway has not activated the device yet.',
  'campaigns.wait.held.expired': 'Waiting: the device’s gateway subscription has ended.',
  'campaigns.wait.held.tokenInvalid': 'Waiting: the gateway refuses the device’s token.',
  'campaigns.wait.held.unreachable': 'Waiting: the gateway cannot be reached.',
  'campaigns.wait.held.serverError': 'Waiting: the gateway is failing (a server error).',
  'campaigns.wait.held.rateLimited': 'Waiting: the gateway asks to slow down.',
  'campaigns.wait.held.notSupported': 'Waiting: the device’s address does not answer as a gateway.',
  'campaigns.wait.held.locked': 'Waiting: Sender Desk cannot read the device’s saved token.',
  'campaigns.wait.held.otherState':
    'Waiting: the device cannot send; the gateway reports a state Sender Desk does not know.',
  'campaigns.wait.sendingPaused': 'Held: all sending is paused (Resume sending is in the header).',
  'campaigns.wait.gap': 'Waiting between sends until {until}',
  'campaigns.wait.batchPause': 'Batch pause until {until}',
  'campaigns.wait.outsideHours': 'Waiting: outside working hours until {until}',
  'campaigns.wait.dailyCap': 'Daily cap reached; continues at {until}',
  'campaigns.wait.rateLimited': 'Waiting: the gateway asked to slow down; next try at {until}',
  'campaigns.wait.paused': 'Paused by you',
  'campaigns.wait.takeBackQuestion': 'Paused while you decide whether to take the campaign back',
  'campaigns.autoPause.disconnected': 'Paused: the device disconnected or was logged out.',
  'campaigns.autoPause.failureRate': 'Paused: too many recent sends failed.',
  'campaigns.autoPause.quota': 'Paused: the gateway says the quota is spent.',
  'campaigns.autoPause.unreachable': 'Paused: the gateway could not be reached.',
  'campaigns.autoPause.unreachable.serverError': 'Paused: the gateway is failing (a server error).',
  'campaigns.autoPause.unreachable.rateLimited': 'Paused: the gateway asked to slow down.',
  'campaigns.autoPause.unreachable.notSupported':
    'Paused: the device’s address does not answer as a gateway.',
  // A part paused by a drop, its device's state now telling more (logged out, expired…): the state's own sentence.
  'campaigns.autoPause.held.loggedOut': 'Paused: the device is logged out.',
  'campaigns.autoPause.held.neverLinked': 'Paused: the device is not linked yet.',
  'campaigns.autoPause.held.numberChanged':
    'Paused: the device needs its QR code scanned for its new number.',
  'campaigns.autoPause.held.awaitingActivation': 'Paused: the gateway has not activated the device yet.',
  'campaigns.autoPause.held.expired': 'Paused: the device’s gateway subscription has ended.',
  'campaigns.autoPause.held.tokenInvalid': 'Paused: the gateway refuses the device’s token.',
  'campaigns.autoPause.held.locked': 'Paused: Sender Desk cannot read the device’s saved token.',
  'campaigns.autoPause.held.otherState':
    'Paused: the device cannot send; the gateway reports a state Sender Desk does not know.',
  // A part paused by its device's state, kept with the part: true once the device is back too.
  'campaigns.autoPause.wasState': 'Paused when the device was “{state}”.',
  // A part paused by a check that could not tell the device's state (state "unknown", named "Checking").
  'campaigns.autoPause.checking': 'Paused: a check could not tell whether the device was connected.',
  'campaigns.wait.checking':
    'The gateway is failing: checking whether it got {count, plural, one {the last message} other {the last # messages}} before sending again',
  'campaigns.autoPause.deviceBack': 'The device is connected again: press Resume to go on.',
  'drop.sheet.question': 'Import as campaign recipients, or attach to a message?',
  'drop.sheet.import': 'Import as campaign recipients',
  'drop.sheet.attach': 'Attach to a message',
  'drop.sheet.neither': 'Neither',
  'inbox.unreadCount': '{count, plural, one {# unread message} other {# unread messages}}',
  // QA72: conversations the operator marked unread with no message counted (their own reply the newest).
  'inbox.markedUnreadCount':
    '{count, plural, one {# conversation marked unread} other {# conversations marked unread}}',
  'inbox.unreadAndMarked':
    '{count, plural, one {# unread message} other {# unread messages}} and {marked, plural, one {# conversation marked unread} other {# conversations marked unread}}',
  'nav.inbox': 'Messages in',
  'shortcuts.inboxView': 'Open Messages in',
  'shortcuts.inboxConversations': 'Messages in: next / previous conversation',
  'shortcuts.inboxReply': 'Messages in: write a reply',
  'shortcuts.inboxRead': 'Messages in: mark read / unread',
  // Named by note-text.ts, which the start carries (the shell words notes): the edit note's words for its fields.
  'desktop.note.edited': 'edited: {fields}',
  'desktop.note.editedField.text': 'text',
  'desktop.note.editedField.caption': 'caption',
  'desktop.note.editedField.recipient': 'recipient',
  'desktop.note.editedField.schedule': 'scheduled time'
} as const satisfies Record<string, string>
