// English strings for both processes: the reference language (every key here must exist in id.ts too). The strings
// the window's start draws with are in en-start.ts; the rest are here.
import { enStart } from './en-start'

export const enRest = {
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.keep': 'Keep',
  'zone.common': 'Common in Indonesia',
  'zone.all': 'All zones',
  'zone.search': 'Search the zones for {field}',
  'zone.searchPlaceholder': 'Search: WITA, Makassar, Paris…',
  'zone.noMatch': 'No zone matches “{query}”.',
  'zone.matches': '{count, plural, one {# zone matches} other {# zones match}}.',
  'zone.matchOne': '1 zone matches: {zone}. Press Enter to choose it.',
  'zone.matchNamed': '{count} zones match; {zone} is the one so named. Press Enter to choose it.',
  'zone.picked': '{field}: {zone} chosen.',
  // A time zone's region, by the word its IANA id starts with (dates.ts, zoneOptionLabel): the oceans as oceans.
  'zone.region.Africa': 'Africa',
  'zone.region.America': 'America',
  'zone.region.Antarctica': 'Antarctica',
  'zone.region.Arctic': 'Arctic',
  'zone.region.Asia': 'Asia',
  'zone.region.Atlantic': 'Atlantic Ocean',
  'zone.region.Australia': 'Australia',
  'zone.region.Europe': 'Europe',
  'zone.region.Indian': 'Indian Ocean',
  'zone.region.Pacific': 'Pacific',
  'common.none': 'None',
  'common.never': 'Never',
  'common.required': 'Required',
  'common.listReadFailed': 'This list could not be read: {why}',
  'common.tooLong': 'Keep it to {max} characters.',
  'common.searchTooLong': 'A search is at most {max} characters: shorten it to search.',
  'common.copied': 'Copied',
  'common.copyFailed': 'Could not copy: select the text and copy it yourself.',

  // Main process (issue 13): tray, notifications and startup dialogs, translated in the shell.
  'desktop.tray.noDevice': 'Sender Desk — no device yet',
  'desktop.tray.connected': 'Sender Desk — {connected}/{total} connected',
  'desktop.tray.toSend': '{count} to send',
  'desktop.tray.toSendPaused': '{count} to send (paused)',
  'desktop.tray.toSendSomePaused': '{count} to send ({paused} paused)',
  'desktop.tray.toSendHeld': '{count} to send (a terminal command, pid {pid}, is sending them)',
  'desktop.tray.heldForDecision': '{count} held for your decision',
  'desktop.tray.notSentOptedOut': '{count} will not be sent: opted out',
  'desktop.tray.failed': '{count} failed',
  'desktop.tray.restart': 'Restart',
  'desktop.tray.relinkScan': 'Relink (scan QR)…',
  'desktop.tray.linkScan': 'Link (scan QR)…',
  'desktop.tray.relink': 'Relink…',
  'desktop.tray.activationMessage': 'Message for IT support…',
  'desktop.tray.info': 'Info…',
  'desktop.tray.enterToken': 'Enter token…',
  'desktop.tray.renew': 'Renew…',
  'desktop.tray.resume': 'Resume sending ({count} to send)',
  'desktop.tray.pause': 'Pause sending ({count} to send)',
  'desktop.tray.open': 'Open Sender Desk',
  'desktop.tray.settings': 'Settings…',
  'desktop.tray.quit': 'Quit',
  'desktop.notice.hiddenTitle': 'Sender Desk keeps running',
  'desktop.notice.hiddenBody': 'It stays in the tray and keeps sending. Quit it from the tray menu.',
  'desktop.notice.restartRequested': 'Restart requested',
  'desktop.notice.restartFailed': 'Restart failed',
  'desktop.notice.dropRefused': 'Some files were not added',
  'desktop.updating.title': 'Updating your data…',
  'desktop.updating.body':
    'This version of Sender Desk updates the data kept on this computer. With many contacts it can take a minute, and the window may not respond meanwhile.',
  'desktop.updating.keepOpen':
    'Please keep Sender Desk open until it finishes. If it is closed, nothing is lost: the update starts again at the next start.',
  'desktop.notice.unexpectedTitle': 'Sender Desk hit an unexpected error',
  'desktop.notice.unexpectedBody': 'It keeps running. The details are in the log: {log}',
  'desktop.notice.disconnected': '{label} disconnected',
  'desktop.notice.disconnectedBody': 'Restart it from the tray to reconnect.',
  'desktop.notice.loggedOut': '{label} was logged out',
  'desktop.notice.loggedOutBody': 'Click to scan a new QR code with the sender phone.',
  'desktop.notice.expired': '{label} has expired',
  'desktop.notice.expiredBody': 'Renew the device with your gateway provider.',
  'desktop.notice.tokenRejected': '{label}: token rejected',
  'desktop.notice.tokenRejectedBody': 'The gateway no longer accepts its token. Check the token and server.',
  'desktop.notice.tokenLocked': '{label}: token locked',
  'desktop.notice.tokenLockedBody': 'The keyring could not unlock the stored token.',
  'desktop.notice.sendFailedOne': 'A message could not be sent',
  'desktop.notice.sendFailedMany': '{count, plural, one {# message} other {# messages}} could not be sent',
  'desktop.notice.sendFailedBody': 'Open the outbox to see why, edit and retry.',
  'desktop.startup.title': 'Sender Desk could not start',
  'desktop.startup.newer':
    'This data was written by a newer version of Sender Desk (database version {found}; this version reads up to {supported}).',
  'desktop.startup.newerNextBackup':
    'Install the newer version again. Or quit, replace {database} with the backup {backup} that was made before the upgrade, and start this version: changes made since that backup are lost.',
  'desktop.startup.newerNext':
    'Install the newer version of Sender Desk again. Your data folder is {folder}.',
  'desktop.startup.corrupt': 'The database {database} is damaged or is not a Sender Desk database.',
  'desktop.startup.corruptNext':
    'Quit, move that file somewhere else (keep it for support) and start Sender Desk again to begin with an empty outbox, or put back a copy from your backups.',
  'desktop.startup.notWritable': 'Sender Desk cannot write to its data folder {folder}.',
  'desktop.startup.notWritableNext':
    'Give your user account write access to that folder (and check the disk is not full or read-only), then start Sender Desk again.',
  'desktop.startup.locked': 'The database {database} is in use by another program.',
  'desktop.startup.lockedNext':
    'Close any other Sender Desk or sender-desk command that uses this data folder, then start Sender Desk again.',
  'desktop.startup.migration': 'Updating the database for this version failed: {message}',
  'desktop.startup.migrationNext':
    'Your data was left unchanged. Start the version you used before, or send the log {log} to support.',
  'desktop.startup.keyring':
    'The system keyring that protects your gateway tokens is locked or not answering.',
  'desktop.startup.keyringNext':
    'Unlock the keyring (on Linux GNOME Keyring or KWallet; logging out and in again unlocks it), then start Sender Desk again.',
  'desktop.startup.unknown': 'An unexpected error stopped the start: {message}',
  'desktop.startup.unknownNext':
    'Start Sender Desk again. If it keeps failing, send the log {log} to support.',
  'desktop.startup.log': 'Details: {log}',
  'desktop.note.attempt': 'attempt {attempt}',
  'desktop.note.terminalLeftInDoubt':
    'Taken over from the terminal, which left it mid-send and has ended: checking the gateway’s reports before any resend',
  'desktop.note.checkingReports': '{error}; checking the gateway’s reports before any resend',
  'desktop.note.deviceQueueWaits': '{error}; this device’s queue waits',
  'desktop.note.retryWindowUsed': '{error}; retry window used up',
  'desktop.note.retryIn': '{error}; retry in {seconds} s',
  'desktop.note.unverified': 'could not verify through the report API',
  'desktop.note.delay.minutes': '{count, plural, one {# min} other {# min}}',
  'desktop.note.delay.hours': '{count, plural, one {# h} other {# h}}',
  'desktop.note.delay.days': '{count, plural, one {# day} other {# days}}',
  'desktop.note.overdueHeld': 'overdue by {delay}: held for the operator',
  'desktop.note.overdueSending': 'overdue by {delay}: sending now',
  'desktop.note.due': 'due',
  'desktop.note.dueNotAtGateway': 'due; the gateway never took it, so this computer sends it',
  'desktop.note.overdueNotAtGateway':
    'overdue by {delay}; the gateway never took it, so this computer sends it now',
  'desktop.note.gatewayReports': 'gateway reports {status}',
  'desktop.note.savedAtGateway': 'saved at the gateway as schedule {schedule}',
  'desktop.note.updatedAtGateway': 'updated at the gateway',
  'desktop.note.cancelledAtGateway': 'cancelled at the gateway',
  'desktop.note.retriedByOperator': 'retried by the operator',
  'desktop.note.scheduledAgainByOperator': 'scheduled again by the operator',
  'desktop.note.cancelledByOperator': 'cancelled by the operator',
  'desktop.note.cancelledDeviceRemoved': 'its device was removed from Sender Desk',
  // Under the "Deleted for everyone" badge: says who did it, not the status again.
  'desktop.note.revokedAtGateway': 'done by the gateway, as asked',
  'desktop.note.resentAtGateway': 'queued again at the gateway',
  'desktop.note.revokeRefused': 'the gateway did not delete it for everyone: {message}',
  'desktop.note.cancelRefused': 'the gateway did not cancel it: {message}',
  'desktop.note.resendRefused': 'the gateway did not resend it: {message}',
  'desktop.takeBack.notInReports':
    'the gateway’s reports do not show this message, so whether it was taken back is unknown',
  'desktop.takeBack.deviceRemoved':
    'its device was removed before it could be taken back, so it was not taken back',
  'desktop.takeBack.reportShows': 'the gateway reports it as {status}: it could not be taken back',
  'desktop.takeBack.resendInDoubt':
    'the gateway still reports {status}; the resend may or may not have gone through, so it is not asked again',
  'desktop.note.releasedByOperator': 'released by the operator',
  'desktop.note.dueAtGateway': 'due: sent by the gateway’s schedule {schedule}',
  'desktop.note.dueAtGatewayChangeNotTaken':
    'due: sent by the gateway’s schedule {schedule} as the gateway held it; the change made here never reached it',
  'desktop.note.rowMovedCapped': 'moved from {from} to {to}: {from} reached its daily cap',
  'desktop.note.rowMovedStopped': 'moved from {from} to {to}: {from} cannot send now ({why})',
  'desktop.stopWhy.paused': 'all sending is paused',
  'desktop.stopWhy.devicePaused': 'it is paused',
  'desktop.stopWhy.offline': 'this computer is offline',
  'desktop.stopWhy.noClient': 'its token cannot be read',
  'desktop.stopWhy.notSendable': 'it is not connected',
  'desktop.stopWhy.refused': 'its gateway refused its sends',
  'desktop.stopWhy.disconnected': 'its phone is not connected',
  'desktop.stopWhy.unreachable': 'its gateway is failing',
  'desktop.stopWhy.failureRate': 'too many of its messages failed',
  'desktop.stopWhy.quota': 'its quota is used up',
  'desktop.note.rowMovedResumed':
    'moved from {from} to {to}: {to} is back and takes its share of the rows left',
  'desktop.note.rowMovedRemoved': 'moved from {from} to {to}: {from} was removed from Sender Desk',
  'desktop.note.campaignRow': 'campaign "{name}", row {row}',
  'desktop.note.optedOut': 'not sent: this number opted out',
  'desktop.note.campaignCancelled': 'not sent: its campaign “{name}” was cancelled',
  'desktop.note.afterSeriesEnd': "not sent: after its recurring series' new end",
  'desktop.note.seriesStoppedMade': 'not sent: its recurring series was stopped',
  'desktop.note.seriesDeletedMade': 'not sent: its recurring series was deleted',
  'desktop.wait.deviceDailyCap': 'this number reached its daily cap of {cap}; it goes on at {until}',
  'desktop.wait.gatewayRateLimited': 'the gateway asked to slow down (HTTP 429); the next try is at {until}',
  'desktop.note.lateQueued': 'scheduled time already passed: queued now',
  'desktop.failure.attachmentMissing': 'The queued copy of {file} is no longer in the data folder',
  'desktop.failure.attachmentMissingUnnamed': 'The queued copy of its file is no longer in the data folder',
  'desktop.note.attachmentMissing': 'the queued copy of its file is missing',
  'desktop.failure.expired': 'Gave up after retrying for {hours} h; last error {code}: {error}',
  'desktop.failure.unverified':
    'The gateway may or may not have received this message, and its reports cannot tell. Check the recipient’s chat before retrying. ({error})',
  'desktop.failure.scheduleUnconfirmed':
    'The gateway did not answer clearly ({error}); it may or may not have saved this schedule. Check the gateway’s dashboard before retrying.',
  'desktop.failure.scheduleOpFailed': 'The gateway refused to {op} its copy of this schedule: {error}',
  'desktop.failure.gatewayStatus': 'The gateway reports this message as "{status}".',
  'desktop.failure.gatewayBlacklisted':
    'The gateway refused it: the number is on the opt-out list, which Sender Desk also put on the gateway’s blacklist, and the gateway takes no message to it.',
  'desktop.error.unknownChannel': 'Unknown channel.',
  'desktop.error.invalidRequest': 'Invalid request.',
  'desktop.error.invalidReply': 'The app produced an invalid reply; see the log.',
  'desktop.error.internal': 'Something went wrong; see the log for details.',
  'desktop.error.reminderGone': 'That reminder is no longer in Sender Desk.',
  'desktop.error.seriesExists':
    'A series kept for this device already sends “{series}” to {numbers} at these times: a second would send it twice each time. Change the numbers, the messages, the start or the repeat, or stop that series first.',
  'desktop.error.reminderExists':
    'This device already has the reminder “{reminder}” to this number with this message at these times: a second one would send it twice each time. Change the number, the message, the start or the repeat to make another.',
  'desktop.error.reminderMaybeExists':
    "The reminder “{reminder}” to this number with this message at these times may be at the gateway already (its answer was lost as it was made): a second one could send it twice each time. Look for it in the gateway's dashboard, then forget it here before making it again.",
  'desktop.error.deviceCreateUnconfirmed':
    "The gateway's answer was lost: it may have made {name}, with its invoice. Look in the gateway's dashboard (devices and invoices) before ordering it again, or you may pay for two.",
  'desktop.error.deviceCreateAgain':
    "The last order of {name} lost the gateway's answer: it may have been made, with its invoice. Look in the gateway's dashboard first; if it is not there, order it anyway.",
  'desktop.error.reminderUnconfirmed':
    "“{reminder}” cannot be changed or read again from here: the gateway's answer was lost as it was made, so its id there is not known. Look for it in the gateway's dashboard, then forget it here.",
  'desktop.error.reminderNotDeleted':
    'The gateway did not delete the reminder “{reminder}”: {reason}. {label} was not removed. Try again, or remove it anyway and keep its reminders at the gateway, which goes on sending them.',
  'desktop.error.schedulesNotCancelled':
    'The gateway did not cancel {count, plural, one {the scheduled message it keeps} other {the # scheduled messages it keeps}} to send on {count, plural, one {its day} other {their day}}. The device was not removed: its token is kept to cancel them with, and the gateway is asked again. Try again in a moment.',
  'desktop.error.gatewayStillHolds':
    'Cancelled, not deleted: the gateway has not taken the cancel and still holds its copy, which it could send. Sender Desk asks again; delete it once the gateway has taken it.',
  'desktop.error.takingBack':
    'Not deleted: this message’s “Delete for everyone” or cancel at the gateway is still waiting for its device. It can be deleted here once that is done.',
  'desktop.error.notSandbox': 'Only sandbox devices can do this.',
  'desktop.sandbox.deviceLabel': 'Sandbox device',
  'desktop.error.sandboxStopped': 'The sandbox gateway is not running.',
  'desktop.error.sandboxTokenLocked': 'The sandbox device token is not available.',
  'desktop.error.sandboxFromInvalid':
    '"{from}" is not a phone number: enter the number the message comes from, for example 0812 3456 7890.',
  'desktop.error.sandboxNotLinked':
    'Nothing can arrive at this sandbox device: its phone is not linked. Link it first (Link, then scan the QR code).',
  'desktop.error.sandboxForgot': 'The sandbox no longer knows this device.',
  'desktop.error.fileGone': 'A file is no longer available; add it again.',
  'desktop.error.fileTooLarge': "{name} is {size}; this device's gateway accepts files up to {limit}.",
  'desktop.error.webhookReplyHosted':
    'The hosted gateway has no call for "auto reply from webhook": switch it in the gateway dashboard (Device → Setting).',
  'desktop.error.webhookClearHosted':
    'The hosted gateway has no call that removes a webhook address: enter another one, or change it in the gateway dashboard (Device → Setting).',
  'desktop.error.webhookThisComputer':
    'The gateway cannot reach “{host}”: that address means the computer it is typed on, and the gateway posts from its own server. Use an address on the internet; to get messages into Sender Desk, set up receiving in Messages in.',
  'desktop.error.webhookPrivateNetwork':
    'The gateway cannot reach “{host}”: it is inside a private network, and the gateway posts from the internet. Use the receiver’s public https:// address.',
  'desktop.error.webhookSandboxThisComputer':
    'The sandbox plays a hosted gateway, so it does not post to “{host}” on this computer. Use an address on the internet, or set up receiving in Messages in: the sandbox may reach the relay Sender Desk runs for it.',
  'desktop.error.webhookSandboxPrivateNetwork':
    'The sandbox plays a hosted gateway, so it does not post to “{host}” inside a private network. Use an address on the internet.',
  'desktop.error.relayThisComputer':
    'This device’s gateway cannot reach the relay at “{host}”: that address is this computer’s own, and the gateway posts from its own server. Connect a relay the internet reaches (a Cloudflare Worker, or “sender-desk relay serve” on a server) by its https:// address.',
  'desktop.error.relayPrivateNetwork':
    'This device’s gateway cannot reach the relay at “{host}”: it is inside a private network, and the gateway posts from the internet. Connect a relay the internet reaches by its https:// address.',
  'desktop.error.relaySandboxThisComputer':
    'The sandbox plays a hosted gateway, so it does not post to the relay at “{host}” on this computer. Press “Use a relay on this computer” (Sender Desk’s own, which the sandbox may reach), or connect a relay on the internet.',
  'desktop.error.relaySandboxPrivateNetwork':
    'The sandbox plays a hosted gateway, so it does not post to the relay at “{host}” inside a private network. Connect a relay on the internet.',
  'desktop.error.accountTokenLocked': 'That device’s token is not available; enter it again.',
  'desktop.error.deviceGone': 'That device no longer exists.',
  'desktop.error.tokenLocked': 'The device token is not available; enter it again.',
  'desktop.device.expiredOn': 'The device expired on {date}.',
  'desktop.device.expired': 'The device expired.',
  'desktop.device.awaitingActivation': 'Linked; waiting for the gateway to activate the device.',
  'desktop.device.disconnected': 'Disconnected; a restart may bring it back.',
  'desktop.device.gatewayStatus': 'The gateway reports "{status}".',
  'desktop.device.noConnectionState': 'The gateway did not say whether it is connected.',
  'desktop.device.checkFailed': 'Checking the device failed unexpectedly; see the log.',
  'desktop.device.tokenRejected': 'The gateway rejected the token.',
  'desktop.device.tokenRejectedSaid': 'The gateway rejected the token (gateway: "{gateway}").',
  'desktop.device.secretRejected': 'The gateway rejected the secret key.',
  'desktop.device.secretRejectedSaid': 'The gateway rejected the secret key (gateway: "{gateway}").',
  'desktop.device.unknownDevice': 'The gateway does not know this device.',
  'desktop.device.unknownDeviceSaid': 'The gateway does not know this device (gateway: "{gateway}").',
  'desktop.device.notConnected': 'The sender is not connected.',
  'desktop.device.network': 'Cannot reach the gateway (network).',
  'desktop.device.timeout': 'The gateway did not answer in time.',
  'desktop.device.badResponse': 'The gateway gave an unreadable answer.',
  'desktop.device.tokenLocked': 'Token locked: {reason}. Unlock the keyring, or enter the token again.',
  'desktop.device.lock.entryDamaged': 'its stored entry is damaged; enter the token again',
  'desktop.device.lock.fileDamaged':
    'the token vault file is damaged and this entry could not be read; enter the token again',
  'desktop.device.lock.plainNotAllowed':
    'it is stored unencrypted, and weak token storage is not allowed in Settings',
  'desktop.device.lock.keyringUnavailable': 'the keyring ({backend}) that encrypted it is not available',
  'desktop.device.lock.keyringFailed': 'the keyring ({backend}) could not decrypt it; it may be locked',
  'desktop.device.lock.keyringChanged': 'it was encrypted by {backend} but the keyring in use now is {now}',
  'desktop.device.lock.unreadable': 'it decrypted to something unreadable',
  'desktop.device.lock.entryMismatch': "it belongs to another device's entry; enter the token again",
  'desktop.device.lock.keyringLocked': 'the keyring is locked',
  'desktop.device.tokenAbsent':
    'No token is stored for this device (it was kept for the last session only). Enter the token again.',
  'desktop.gateway.network': 'could not reach the gateway',
  'desktop.gateway.timeout': 'the gateway did not answer in time',
  'desktop.gateway.rateLimited': 'the gateway asks to slow down (HTTP 429)',
  'desktop.gateway.serverError': 'the gateway had an internal error',
  'desktop.gateway.badResponse': 'the gateway answered with something we cannot read',
  'desktop.gateway.aborted': 'cancelled',
  'desktop.gateway.tokenInvalid': 'the gateway rejected the token (invalid, expired, or for another server)',
  'desktop.gateway.secretInvalid': 'the gateway rejected the secret key (missing or wrong)',
  'desktop.gateway.deviceNotFound': 'the gateway does not know this device',
  'desktop.gateway.deviceNotConnected': 'the device is not connected to WhatsApp (scan the QR code again)',
  'desktop.gateway.quotaExceeded': 'the device has no quota left',
  'desktop.gateway.fileTooLarge': 'the file is too large',
  'desktop.gateway.fileType': 'this file type is not allowed (or the plan does not support it)',
  'desktop.gateway.audioCaption': 'an audio file cannot carry a caption',
  'desktop.gateway.invalidInput': 'invalid input',
  'desktop.gateway.rejected': 'the gateway refused the request',
  'desktop.gateway.notSupported': 'this gateway does not offer that endpoint',
  'desktop.gateway.redirectRefused':
    'the gateway redirected the request to {target}; it was not followed, so no message, file or token went there (check the base URL)',
  'desktop.gateway.notReceived': 'the gateway never took the message',
  'desktop.note.gatewayId': 'gateway id {id}',
  'desktop.note.foundInReport': "found in the gateway's report by ref_id (gateway id {id})",
  'desktop.note.notInReport': "not in the gateway's report after the visibility window; resending",
  'desktop.gateway.noMessageId': 'the gateway answered without a message id',
  'desktop.error.concurrency': 'The concurrency option must be a whole number of at least 1.',
  'desktop.error.itemGone': 'No outbox item {id}.',
  'desktop.error.takeBackGone': 'No take-back {id}.',
  // A take-back whose record here is damaged (its kept JSON unreadable), by the state its record still says.
  'desktop.error.takeBackDamaged.running':
    'The record of take-back {id} on this computer is damaged: its tally cannot be read, and it cannot be paused. Its calls to the gateway go on by themselves, and each message shows where it stands in the outbox (a campaign’s in its rows). Taking the messages back again asks the gateway only what this take-back did not.',
  'desktop.error.takeBackDamaged.paused':
    'The record of take-back {id} on this computer is damaged: its tally cannot be read, and it cannot be resumed, so what it had still to ask the gateway stays unasked. Each message shows where it stands in the outbox (a campaign’s in its rows).',
  'desktop.error.takeBackDamaged.done':
    'The record of take-back {id} on this computer is damaged: its tally cannot be read. It had ended: each message shows where it stands in the outbox (a campaign’s in its rows). Taking the messages back again asks the gateway only what this take-back did not.',
  'desktop.error.conversationGone': 'This conversation is no longer in the inbox: it was deleted.',
  'desktop.error.replyConversationGone':
    'This conversation is no longer in the inbox: it was deleted. Nothing was sent.',
  'desktop.error.replyElsewhere':
    'This reply was already queued for another chat or from another device, so nothing was sent here. Send it again as a new reply.',
  'desktop.error.mediaMissing': 'This file is not downloaded (or no longer kept).',
  'desktop.error.cannedReplyGone': 'There is no canned reply {id}.',
  'desktop.error.contactNumber': '“{phone}” is not a number a contact can have: {reason}.',
  'desktop.optOutKeywords.noOptOut': 'Keep at least one word that stops messages.',
  'desktop.optOutKeywords.empty': 'A keyword cannot be empty.',
  'desktop.optOutKeywords.tooLong': '“{keyword}” is too long for a keyword (32 characters at most).',
  'desktop.optOutKeywords.tooMany': 'Each list takes 30 keywords at most.',
  'desktop.optOutKeywords.inBoth': '“{keyword}” cannot both stop and start messages.',
  'desktop.error.cannotRetry': 'Cannot retry this item: {why}.',
  'desktop.error.alreadyCancelled': 'This message was already cancelled.',
  'desktop.error.cannotCancel': 'Cannot cancel this item: {why}.',
  'desktop.error.cannotDelete': 'Cannot delete this item: {why}.',
  'desktop.error.cannotEdit': 'Cannot edit this item: {why}.',
  'desktop.error.whySending':
    'it is being sent right now (or is being checked against the gateway after a failed attempt)',
  'desktop.error.whyAtGateway': 'the gateway already has it',
  'desktop.error.whyCampaignCancelled': 'its campaign “{name}” was cancelled',
  'desktop.error.whyDeviceRemoved':
    'its device was removed from Sender Desk; send it anew from another device',
  'desktop.error.whyOptedOut':
    'its number is on the opt-out list: take it off the list first to send to it again',
  'desktop.error.whyAfterSeriesEnd': "it lies after its recurring series' end",
  'desktop.error.whyStatus': 'it is {status}',
  'desktop.error.whyWouldFailAgain':
    'sending it again would fail the same way; send another file (smaller, or of a type the gateway takes)',
  'desktop.error.textLength': 'Text must be 1–{max} characters.',
  'desktop.error.deviceRequired': 'A device is required.',
  'desktop.error.recipientsRequired': 'At least one recipient is required.',
  'desktop.error.nothingToSend': 'Nothing to send.',
  'desktop.error.seriesGone': 'No recurring series {id}.',
  'desktop.error.seriesNotActive':
    'This recurring message is stopped or has ended: it has no next time to skip.',
  'desktop.error.seriesStopped': 'This recurring message is stopped: its end no longer changes anything.',
  'desktop.error.seriesEndBeforeStart':
    'The last day is before the first time: pick that day or a later one.',
  'desktop.error.seriesEndInvalid':
    'The end needs a real last day, or a whole number of times from 1 to {max}.',
  'desktop.error.seriesEndPassed': 'The last day has passed: no time of this series is left up to it.',
  'desktop.error.seriesNextMoved':
    'That time is no longer the next one: it has just become a message (cancel it in the outbox) or was skipped. The list now shows the next time.',
  'desktop.error.notADate': 'Not a date: “{value}”.',
  'desktop.error.recipientRequired': 'A recipient is required.',
  'desktop.error.notHeld': 'Only an overdue item held for the operator can be released.',
  'desktop.error.busy':
    'Another Sender Desk process (pid {pid}: the app, or another terminal command) is sending from this data folder, so this one cannot send now. Queue the messages instead (the open app sends them), or run this again once that process has ended.',
  'desktop.error.unknownTimezone': 'Unknown time zone: “{timezone}”.',
  'desktop.error.rescheduleOptedOut':
    '{number} opted out on {optedOutAt}, after this message was written: it will not be sent at any time. Cancel sending it instead.',
  'desktop.error.schedulePassed': 'That time has already passed: pick a later one.',
  'desktop.error.noSuchTime':
    'There is no {time} to send at: check the day, the month and the year (four digits).',
  'desktop.error.diskFull': 'The disk is full: free some space and try again (nothing was lost).',
  'desktop.error.vaultNewer':
    'The token vault {path} was written by a newer version of Sender Desk; it is used read-only and its tokens stay locked until you update.',
  'desktop.error.vaultIsFolder': 'The token vault {path} is a folder, not a file.',
  'desktop.error.vaultPermission': 'The token vault {path} cannot be read or written with your permissions.',
  'desktop.error.vaultReadOnly': 'The token vault {path} is on a read-only disk.',
  'desktop.error.vaultFull':
    'The token vault {path} cannot be written: the disk is full (or your quota is used up).',
  'desktop.action.restart': 'Restarting the device',
  'desktop.action.changeNumber': 'Changing the number',
  'desktop.action.qr': 'Fetching the QR code',
  'desktop.action.check': 'Checking the device',
  'desktop.error.deviceUnexpected': '{action} failed unexpectedly; see the log for details.',
  'desktop.error.gatewaySaid': ' The gateway said: "{gateway}".',
  'desktop.error.tokenRejected':
    'The gateway rejected this token.{said} Check the token, and that {baseUrl} is the server your device belongs to.',
  'desktop.error.tokenUnknown': 'The gateway does not know a device with this token.{said}',
  'desktop.error.secretRejected':
    'The gateway rejected the secret key (newer accounts need the one from Device → Settings).{said}',
  'desktop.error.unreachable': 'Cannot reach {baseUrl}. Check the address and your network.',
  // The built-in sandbox runs on this computer: no address or network of the operator's to check.
  'desktop.error.sandboxUnreachable': 'The sandbox gateway at {baseUrl} did not answer.',
  'desktop.error.tooSlow': '{baseUrl} did not answer in time. Try again later.',
  'desktop.error.notAGateway':
    '{baseUrl} answered, but not like a Wablas-compatible gateway. Check the server URL (for example https://solo.wablas.com).',
  'desktop.error.gatewayTrouble': 'The gateway is having trouble; try again in a moment.{said}',
  'desktop.error.gatewayTroubleStatus':
    'The gateway is having trouble (HTTP {status}); try again in a moment.{said}',
  'desktop.error.needsConnected': '{action} needs the device to be connected.{said}',
  'desktop.error.actionRefused': '{action} was refused.{said}',
  'desktop.error.actionRefusedCode': '{action} was refused. ({code})',
  'desktop.error.tokenGone': 'No token is stored for this device any more; enter it again.',
  'desktop.error.deviceNotListed': 'That device is no longer in the list.',
  'desktop.error.sameNumber': 'That is the number this device sends from already.',
  'desktop.error.notAPhone': 'That is not a phone number.',
  'desktop.error.tokenFormat': 'Enter the device token exactly as the gateway shows it (no spaces).',
  'desktop.error.secretSpaces': 'The secret key cannot contain spaces.',
  'desktop.error.labelLength': 'Give the device a name of 1 to {max} characters.',
  'desktop.error.duplicateSerial': 'This device (serial {serial}) is already in the list.',
  'desktop.error.duplicateLabel': 'This device is already in the list as "{label}".',
  'desktop.error.campaignGone': 'No campaign {id}.',
  'desktop.error.chooseDevice': 'Choose at least one device.',
  'desktop.error.messageEmpty': 'The message is empty.',
  'desktop.error.spintaxTooDeep':
    'The spintax at character {at} is nested more than {max} levels deep; use fewer {…|…} inside each other.',
  'desktop.error.spintaxTooManyOptions':
    'The message has more than {max} spintax options; use fewer {…|…} choices.',
  'desktop.error.xlsxTooManyEntries':
    'This Excel file holds more than {max} parts; a campaign does not read a workbook this large.',
  'desktop.error.xlsxEntryTooLarge':
    'This Excel file’s part {entry} unpacks to more than {max}; save the customer list alone in a new file.',
  'desktop.error.xlsxInflateRatio':
    'This Excel file’s part {entry} unpacks to over {ratio} times its packed size, like a “zip bomb”; it was not read.',
  'desktop.error.sheetTooManyColumns':
    'Row {row} has more than {max} columns; a campaign reads at most {max}.',
  'desktop.error.sheetTooManyRows': 'The sheet has more than {max} rows; split it into smaller files.',
  'desktop.error.sheetCellTooLong':
    'The cell in row {row}, column {column} is longer than {max} characters (more than Excel itself holds).',
  'desktop.error.sheetColumnNameTooLong':
    'The name of column {column} is longer than {max} characters; shorten the header row.',
  'desktop.error.sheetReadCancelled': 'Reading the spreadsheet was cancelled.',
  'desktop.error.exportStopped': 'The export was stopped: no file was written.',
  'desktop.error.unknownVariable':
    'The message uses {{name}}, but there is no column named {name}; the columns are {columns}.',
  'desktop.error.noSuchColumn': 'The sheet has no column named "{column}".',
  'desktop.error.campaignRolledBack':
    'The campaign was being created when another start of Sender Desk took it for abandoned and removed it; create it again.',
  'desktop.error.enqueueRolledBack':
    'These messages were being queued when another start of Sender Desk took them for abandoned and removed them; send them again.',
  'desktop.error.onlyDraftStarts': 'This campaign is {status}; only a draft can be started.',
  'desktop.error.onlyDraftSplits': 'This campaign is {status}; only a draft can be split.',
  'desktop.error.onlyDraftDevices': 'This campaign is {status}; only a draft’s devices can be chosen again.',
  'desktop.error.draftNoDevice': 'This draft has no device: choose one before starting.',
  'desktop.error.splitRange':
    'A split keeps 1 to {max} of the {ready} ready rows to send now; the others go to a new draft.',
  'desktop.error.startUnderWay': 'This campaign is being started already; wait for that start to finish.',
  'desktop.error.onlyRunningPauses': 'This campaign is {status}; only a running one can pause.',
  'desktop.error.onlyPausedResumes': 'This campaign is {status}; only a paused one can resume.',
  'desktop.error.campaignAlready': 'This campaign is already {status}.',
  'desktop.error.campaignIs': 'This campaign is {status}.',
  'desktop.error.matchCountChanged':
    'The list changed: {count, plural, one {# message matches} other {# messages match}} now, not {expected}. Look at the list again and confirm again.',
  'desktop.error.copyRemovedMeanwhile':
    "A file's copy was cleaned up while it was being queued. Nothing was queued; try again.",
  'desktop.fileRefused.notFound': '{name} was not found; it may have been moved or deleted.',
  'desktop.fileRefused.notAFile': '{name} is not a regular file.',
  'desktop.fileRefused.unreadable': '{name} cannot be read (check its permissions).',
  'desktop.fileRefused.badData': '{name} could not be read from the window.',
  'desktop.fileRefused.empty': '{name} is empty.',
  'desktop.fileRefused.tooLarge': '{name} is {size}; the gateway accepts files up to {max}.',
  'desktop.fileRefused.spreadsheetTooLarge': '{name} is {size}; a campaign reads spreadsheets up to {max}.',
  'desktop.fileRefused.disguised':
    '{name} is named as a file of type {ext}, but its contents are not one (renamed or damaged).',
  'desktop.fileRefused.unsupported':
    '{name} is not a type the gateway can send (images: jpg, png, gif; documents: pdf, doc(x), xls(x), ppt(x), odt, csv, txt; video: mp4, mpeg; audio: mp3, ogg).',
  'desktop.fileRefused.quickTime': '{name} is a QuickTime video; the gateway takes MP4 and MPEG videos only.',
  'desktop.fileRefused.changed': '{name} changed since it was added; add it again.',
  'desktop.fileRefused.notKept':
    '{name} is no longer attached: Sender Desk restarted since it was added; add it again.',
  'desktop.error.attachAgain': 'Attach {name} again to start.',
  'desktop.error.problemList': '{first} {rest}',
  'desktop.error.pacing.minDelay': 'The shortest pause must be {min} to {max} seconds.',
  'desktop.error.pacing.maxDelayRange': 'The longest pause must be {min} to {max} seconds.',
  'desktop.error.pacing.maxDelay': 'The longest pause must be at least the shortest.',
  'desktop.error.pacing.batchSize': 'A batch is a whole number of {min} to {max} sends.',
  'desktop.error.pacing.batchPause': 'The batch pause must be {min} to {max} minutes.',
  'desktop.error.pacing.dailyCap': 'The daily cap must be a whole number of {min} to {max} sends.',
  'desktop.error.pacing.warmUpStart': 'Warm-up starts at a whole number of {min} to {max} sends a day.',
  'desktop.error.pacing.warmUpIncrease': 'Warm-up grows by a whole number of {min} to {max} sends a day.',
  'desktop.error.pacing.hoursFormat': 'Working hours are written as HH:mm.',
  'desktop.error.pacing.hoursOrder': 'Working hours must end after they start on the same day.',
  'desktop.error.sheetGone': 'This file is no longer loaded: import it again.',
  'desktop.error.fileEmpty': '{name} is empty.',
  'desktop.error.sheetEmpty': 'The file is empty.',
  'desktop.error.notSpreadsheet.picture':
    'This is not a spreadsheet: {name} is a picture ({format}). Pick a CSV or Excel file (.csv, .xlsx).',
  'desktop.error.notSpreadsheet.video':
    'This is not a spreadsheet: {name} is a video ({format}). Pick a CSV or Excel file (.csv, .xlsx).',
  'desktop.error.notSpreadsheet.audio':
    'This is not a spreadsheet: {name} is audio ({format}). Pick a CSV or Excel file (.csv, .xlsx).',
  'desktop.error.notSpreadsheet.pdf':
    'This is not a spreadsheet: {name} is a PDF document. Pick a CSV or Excel file (.csv, .xlsx).',
  'desktop.error.notSpreadsheet.zip':
    'This is not a spreadsheet: {name} is a ZIP archive. Pick a CSV or Excel file (.csv, .xlsx).',
  'desktop.error.notSpreadsheet.word':
    'This is not a spreadsheet: {name} is a Word document. Pick a CSV or Excel file (.csv, .xlsx).',
  'desktop.error.notSpreadsheet.powerpoint':
    'This is not a spreadsheet: {name} is a PowerPoint presentation. Pick a CSV or Excel file (.csv, .xlsx).',
  'desktop.error.notSpreadsheet.openDocumentText':
    'This is not a spreadsheet: {name} is an OpenDocument text document. Pick a CSV or Excel file (.csv, .xlsx).',
  'desktop.error.notSpreadsheet.openDocumentPresentation':
    'This is not a spreadsheet: {name} is an OpenDocument presentation. Pick a CSV or Excel file (.csv, .xlsx).',
  'desktop.error.notSpreadsheet.binary':
    'This is not a spreadsheet: {name} holds binary data, not text. Pick a CSV or Excel file (.csv, .xlsx).',
  'desktop.error.openDocumentSheet':
    '{name} is an OpenDocument spreadsheet (.ods), which cannot be read: save it as .xlsx or CSV and import that.',
  'desktop.error.webPageSheet':
    '{name} is a web page (an HTML table), not a spreadsheet file, so it cannot be read: open it in Excel, save it as .xlsx or CSV and import that.',
  'desktop.error.oldExcel':
    'Old Excel 97–2003 (.xls) files cannot be read: save the sheet as .xlsx or CSV and import that.',
  'desktop.error.csvQuotes': 'Row {row}: {detail}.',
  'desktop.error.xlsxUnreadable': 'This is not a readable XLSX workbook: {detail}.',
  // Why the CSV or XLSX reader refused a file, after the colon of the two sentences above: the readers' own English
  // was shown in the Indonesian window. A library's message the readers do not know is quoted (readerSaid).
  'sheet.fault.quoteUnterminated': 'a quoted field is never closed',
  'sheet.fault.quoteMalformed': 'a quoted field’s closing quote is followed by more text',
  'sheet.fault.notZip': 'not a ZIP archive (no central directory)',
  'sheet.fault.directoryDamaged': 'the central directory is damaged',
  'sheet.fault.compression': '{entry} uses a compression method other than deflate',
  'sheet.fault.entryDamaged': '{entry}: damaged entry',
  'sheet.fault.cutShort': '{entry}: the archive is cut short',
  'sheet.fault.noWorkbook': 'no workbook in the archive',
  'sheet.fault.entryUnpack': '{entry} cannot be unpacked (the file reader reports “{message}”)',
  'sheet.fault.readerSaid': 'the file reader reports “{message}”',
  'desktop.error.noWorksheet': 'The workbook has no worksheet.',
  'desktop.error.noRows': 'The file has no rows.',
  'desktop.error.fileHeadersOnly': '{name} has column names but no rows.',
  'desktop.error.sheetHeadersOnly': 'The file has column names but no rows.',
  'desktop.error.braceNotClosed': 'The "{" at character {at} is never closed.',
  'desktop.error.emptyBraces': 'Empty braces at character {at}.',
  'desktop.error.strayBrace': 'The "}" at character {at} has no "{".',
  'desktop.error.tokenNotStored': 'The token could not be stored securely; the device was not added.',
  'desktop.error.tokenNotStoredShort': 'The token could not be stored securely.',
  'desktop.error.tokenNotErased': 'The stored token could not be erased; the device was kept. Try again.',
  'desktop.note.occurrence': 'occurrence {occurrence} of a recurring series',
  'desktop.note.occurrenceSkipped':
    'occurrence {occurrence} of a recurring series; {skipped, plural, one {# missed occurrence} other {# missed occurrences}} skipped',

  'status.scheduled': 'Scheduled',
  'status.queued': 'Queued',
  'status.sending': 'Sending',
  'status.accepted': 'Accepted by gateway',
  'status.sent': 'Sent',
  'status.delivered': 'Delivered',
  'status.read': 'Read',
  'status.failed': 'Failed',
  'status.cancelled': 'Cancelled',
  'status.cancelled_at_gateway': 'Cancelled at the gateway',
  'status.revoked': 'Deleted for everyone',
  'status.optedOut': 'Opted out',
  'status.short.accepted': 'Accepted',
  'status.short.cancelled_at_gateway': 'Cancelled',
  'status.short.revoked': 'Deleted',
  'status.short.optedOut': 'Opted out',

  'kind.text': 'Text',
  'kind.image': 'Image',
  'kind.document': 'Document',
  'kind.video': 'Video',
  'kind.audio': 'Audio',

  'recipient.problem.characters': 'Use digits only (spaces, dashes and a leading + are fine).',
  'recipient.problem.prefix': 'Start with 08, 8, +62 or 62 (or + and the country code).',
  'recipient.problem.length':
    'Wrong length for a mobile number of its country: an Indonesian one has 10–13 digits (0812 3456 7890, +62 812 3456 7890); check the digits after another country’s code.',
  'recipient.problem.group': 'Not a group id: use the id from the gateway dashboard, without spaces.',
  'recipient.problem.not_mobile': 'Not a mobile number: WhatsApp needs a mobile number.',
  'recipient.problem.groupDigits':
    'Not a whole group id: a group id of digits alone has 18 of them (120363…). Copy it whole from the gateway dashboard, or type the group’s name if it is in Messages in.',
  'recipient.problem.groupIsPhone': 'A phone number, not a group id: untick “Send to a group” to send to it.',
  'recipient.problem.groupId': 'A group’s id, not a number: tick “Send to a group” to send to a group.',
  'recipient.problem.name':
    'A name, not a number: type part of it and pick the contact from the suggestions.',

  'devices.title': 'Devices',
  'devices.add': 'Add a device',
  'devices.added': '{label} was added.',
  'devices.removed': '{label} was removed.',
  'devices.empty': 'No devices yet. Add one to start sending.',
  'devices.listLabel': 'Gateway devices',
  'devices.sandboxTag': 'Sandbox',
  'devices.sender': 'Sender number',
  'devices.quota': 'Quota',
  'devices.note.details': 'What the gateway reported',
  'devices.expires': 'Expires',
  'devices.expired': 'ended',
  'devices.serial': 'Serial',
  'devices.token': 'Token',
  'devices.checked': 'Last checked',
  'devices.checkedPushed':
    'its status changes arrive through Messages in as they happen; it is also checked every {minutes, plural, one {minute} other {# minutes}}',
  'devices.actionsFor': 'Actions for {label}',
  'devices.restart.busy': 'Restarting…',
  'devices.checkAgain.busy': 'Checking…',
  'devices.token.explain':
    'The stored token cannot be used. Paste the device token (and secret key, if your gateway uses one); it is checked with the gateway before it is saved.',
  'devices.token.label': 'Device token',
  'devices.token.secret': 'Secret key (optional)',
  'devices.token.submit': 'Check and save',
  'devices.token.done': 'Token accepted by the gateway and saved.',
  'devices.limit': 'File size limit',
  'devices.limit.label': 'Largest file for this gateway (MB)',
  'devices.limit.hint':
    'Leave empty to use the limit in Settings. Check your gateway plan; the usual limit is 2 MB.',
  'devices.limit.invalid': 'Enter a size in MB between 0.1 and 100, or leave it empty.',
  'devices.limit.saved': 'Files up to {mb} MB can be sent through this device.',
  'devices.limit.cleared': 'This device now follows the file size limit in Settings.',
  'devices.number': 'Change number',
  'devices.number.label': 'New sender number',
  'devices.number.hint': 'For example 0812 3456 7890 or +62 812 3456 7890.',
  'devices.number.willUse': 'Will be saved as {phone}.',
  'devices.number.taken':
    '“{device}” sends from this number already: of two devices linked to one number, the one linked last takes over its connection.',
  'devices.number.required': 'Enter the new number.',
  'devices.number.rescan': 'After changing the number, the phone must scan a new QR code.',
  'devices.number.confirm':
    'Change the number of {device} to {phone}? Nothing is sent from it until the phone with that number scans a new QR code.',
  'devices.number.submit': 'Change number',
  'devices.number.done': 'The number is now {phone}. Relink the device to scan a new code.',
  'devices.rename': 'Rename',
  'devices.rename.label': 'Device name',
  'devices.rename.required': 'Enter a name.',
  'devices.rename.taken': 'Another device is called “{name}”: pick a name that tells them apart.',
  'devices.renamed': 'Renamed.',
  'devices.remove': 'Remove',
  'devices.remove.confirm': 'Remove {label} from Sender Desk? Its token is deleted from this computer.',
  'devices.remove.waiting':
    '{count, plural, one {Its # waiting message is cancelled.} other {Its # waiting messages are cancelled.}}',
  'devices.remove.waitingUncounted': 'Its waiting messages are cancelled.',
  'devices.remove.reminders':
    '{count, plural, one {Its # reminder kept at the gateway is deleted there first, so the gateway stops sending it.} other {Its # reminders kept at the gateway are deleted there first, so the gateway stops sending them.}}',
  'devices.remove.series':
    '{count, plural, one {Its # recurring message kept by Sender Desk is deleted.} other {Its # recurring messages kept by Sender Desk are deleted.}}',
  'devices.remove.messages': 'Messages already sent stay in the outbox under its name.',
  'devices.remove.campaignsUnknown':
    'A campaign’s untried rows move to the campaign’s other devices; a campaign with no other device is cancelled, with its rows not yet sent.',
  'devices.remove.campaignName': '“{name}”',
  'devices.remove.campaignMoves':
    '{count, plural, =0 {Campaign “{name}” goes on with {devices}.} one {Campaign “{name}” goes on: its # untried row moves to {devices}.} other {Campaign “{name}” goes on: its # untried rows move to {devices}.}}',
  'devices.remove.campaignsEnd':
    '{count, plural, one {Campaign {names} has no other device: it is cancelled, with its rows not yet sent.} other {Campaigns {names} have no other device: they are cancelled, with their rows not yet sent.}}',
  'devices.remove.draftsNoDevice':
    '{count, plural, one {Draft {names} will have no device: choose one before starting it.} other {Drafts {names} will have no device: choose one for each before starting them.}}',
  'devices.remove.draftKeeps': 'Draft “{name}” keeps {devices}.',
  'devices.removedLabel': '{label} (removed)',
  'devices.removedUnknown': 'A removed device',
  'devices.terminalUnknown': 'From the terminal, with a token no device here has',
  'devices.remove.yes': 'Remove device',
  'devices.remove.no': 'Keep device',
  'devices.remove.keepReminders': 'Remove anyway; the gateway keeps sending its reminders',
  'devices.remove.remindersList': 'Reminders kept at the gateway',
  'devices.remove.reminderLine': '“{name}”: {repeat}, {from}',
  'devices.remove.remindersMore': 'and {count} more',
  'devices.remove.seriesList': 'Recurring messages kept by Sender Desk',
  'devices.remove.seriesLine': '“{name}”: {repeat}, {when}',
  'devices.removed.keptTitle': 'Reminders the gateway keeps sending',
  'devices.removed.kept':
    'The gateway goes on sending {count, plural, one {# reminder} other {# reminders}} of {label}, which Sender Desk no longer manages: delete {count, plural, one {it in the gateway’s dashboard by its gateway id.} other {them in the gateway’s dashboard by their gateway ids.}}',
  'devices.removed.keptUntil':
    'This list stays here, after a restart too, until you mark it deleted at the gateway.',
  'devices.removed.keptLine': '{reminder}; gateway id {id}',
  'devices.removed.keptLineUnconfirmed':
    "{reminder}; its gateway id is not known (the gateway's answer was lost as it was made)",
  'devices.removed.keptCopy': 'Copy the list',
  'devices.removed.keptDone': 'Deleted at the gateway',

  'addDevice.title': 'Add a gateway device',
  'addDevice.intro': 'Sender Desk checks the token with the gateway before saving it.',
  'addDevice.label': 'Name',
  'addDevice.label.required': 'Give the device a name, for example “Front office”.',
  'addDevice.label.tooLong': 'Keep the name to 80 characters.',
  'addDevice.url': 'Gateway address',
  'addDevice.url.hint': 'For example https://solo.wablas.com',
  'addDevice.url.required': 'Enter the gateway address.',
  'addDevice.url.invalid': 'This is not a web address. It should look like https://solo.wablas.com',
  'addDevice.url.https': 'Use https:// — plain http is only allowed for this computer (localhost).',
  'addDevice.token': 'Token',
  'addDevice.token.hint': 'From the device page of your gateway dashboard. It stays on this computer.',
  'addDevice.token.required': 'Enter the device token.',
  'addDevice.secret': 'Secret key (optional)',
  'addDevice.secret.hint': 'Only if your gateway asks for one.',
  'addDevice.submit': 'Add device',
  'addDevice.checking': 'Checking the token…',

  'linking.title': 'Link a device',
  'linking.titleFor': 'Link {label}',
  'linking.stepsLabel': 'Linking steps',
  'linking.stepAnnounce': 'Step {number} of {total}: {name}',
  'linking.step.pick': 'Choose the device',
  'linking.step.qr': 'Scan the QR code',
  'linking.step.activation': 'Ask IT support to activate',
  'linking.step.done': 'Connected',
  'linking.pick.intro': 'Which device do you want to link?',
  'linking.pick.none': 'There are no devices yet.',
  'linking.qr.alt': 'QR code to link {label}',
  'linking.qr.loading': 'Getting a code from the gateway…',
  'linking.qr.none': 'No code to show.',
  'linking.qr.countdown': 'A new code in {seconds} s',
  'linking.qr.lastCountdown': 'The last code: it stops refreshing in {seconds} s',
  'linking.qr.paused': 'Paused while this window is hidden.',
  'linking.qr.exhausted': 'The code stopped refreshing.',
  'linking.qr.exhaustedBody':
    'The code stopped refreshing so it does not run on unattended. Press “Show a new code” when the phone is ready.',
  'linking.qr.expired': 'This code may have expired.',
  'linking.qr.rotations': 'Code {count} of {max}',
  'linking.qr.newCode': 'Show a new code',
  'linking.qr.rescan': 'The phone logged out or the number changed, so it needs to scan a new code.',
  'linking.qr.newNumber':
    'The number was changed to {phone}: scan this code with the phone that has that number.',
  'linking.howto.1': 'On the phone, open WhatsApp.',
  'linking.howto.2': 'Go to Settings (or the ⋮ menu) › Linked devices › Link a device.',
  'linking.howto.3': 'Point the phone’s camera at this code.',
  'linking.rules.title': 'Before you scan',
  'linking.rules.noWeb':
    'Do not use this number in WhatsApp Web at the same time: it takes over the gateway’s connection.',
  'linking.rules.rescan': 'Logging out of WhatsApp on the phone, or changing the number, needs a new scan.',
  'linking.rules.business':
    'A WhatsApp Business account is not required: a regular (non-business) account is preferred.',
  'linking.progress.scanned': 'Code scanned',
  'linking.progress.seen': 'Gateway sees the phone',
  'linking.progress.activated': 'Activated by IT support',
  'linking.progress.done': 'done',
  'linking.progress.active': 'in progress',
  'linking.progress.pending': 'not yet',
  'linking.activation.intro':
    'Send this message to the gateway’s IT support. This page moves on by itself once they activate the device.',
  'linking.activation.messageLabel': 'Message for IT support',
  'linking.activation.message':
    'Hello IT support,\n\nPlease activate our WhatsApp gateway device “{label}”.\nDevice serial: {serial}\nSender number: {sender}\nScanned at: {time}\n\nThank you.',
  'linking.activation.noSerial': '(not shown by the gateway)',
  'linking.activation.noSender': '(not known yet)',
  'linking.activation.copy': 'Copy message',
  'linking.activation.contact': 'IT support:',
  'linking.activation.noContact': 'No IT support contact is set.',
  'linking.activation.setContact': 'Add it in Settings',
  'linking.activation.after': 'You can close this window: the tray tells you when the device is connected.',
  'linking.done.body': '{label} is connected and sends as {sender}.',
  'linking.done.send': 'Send a message',
  'linking.done.devices': 'Back to devices',
  'linking.problem.next': 'What to do:',
  'linking.problem.pick': 'Choose a device',
  'linking.problem.toDevices': 'Go to devices',
  'linking.problem.qr-expired.title': 'The code expired before it was scanned.',
  'linking.problem.qr-expired.next': 'Show a new code and scan it straight away.',
  'linking.problem.token-invalid.title': 'The gateway refused this device’s token.',
  'linking.problem.token-invalid.next':
    'Copy the current token from the gateway dashboard, then choose “Enter the token again” on this device in Devices.',
  'linking.problem.device-expired.title': 'This device’s gateway subscription has expired.',
  'linking.problem.device-expired.next': 'Renew it with your gateway provider, then try again.',
  'linking.problem.device-expired.nextSandbox':
    'Choose “Renew the subscription” in Sandbox controls below, then try again.',
  'linking.problem.gatewaySaid': 'The gateway said: “{words}”',
  'linking.problem.locked.title': 'The saved token cannot be read.',
  'linking.problem.locked.next':
    'Unlock your keyring and restart Sender Desk, or remove the device and add it again.',
  'linking.problem.removed.title': 'This device is no longer in Sender Desk.',
  'linking.problem.removed.next': 'Choose another device, or add it again.',
  'linking.problem.failed.title': 'The gateway did not give a code.',
  'linking.problem.failed.next':
    'Try again in a moment. If it keeps failing, restart the device from the devices page.',

  'sandbox.title': 'Sandbox controls',
  'sandbox.intro': 'Play the phone and IT support to see how Sender Desk reacts.',
  'sandbox.group.phone': 'Phone',
  'sandbox.group.support': 'IT support',
  'sandbox.group.network': 'Gateway',
  'sandbox.action.scan': 'Scan the code',
  'sandbox.action.activate': 'Activate the device',
  'sandbox.action.logout': 'Log out on the phone',
  'sandbox.action.open-web': 'Open WhatsApp Web',
  'sandbox.action.offline': 'Phone loses its connection',
  'sandbox.action.online': 'Phone reconnects',
  'sandbox.action.expire': 'End the subscription',
  'sandbox.action.renew': 'Renew the subscription',
  'sandbox.action.unreachable': 'Make the gateway unreachable',
  'sandbox.action.reachable': 'Make the gateway reachable again',
  'sandbox.refused': '“{action}” does not apply while the device is “{state}”.',
  'sandbox.refused.noCode': 'Press “{relink}” first to show a code, then “{scan}”.',
  'sandbox.done': '{action}: the device is now “{state}”.',
  // The sandbox is one gateway: unreachable reaches every sandbox device, not only the card's (QA72).
  'sandbox.doneGateway':
    '{action}: {count, plural, one {the device is} other {all # sandbox devices are}} now “{state}”.',
  'sandbox.gatewayShared':
    'The gateway is the same for every sandbox device: unreachable, it is so for {count, plural, one {# of them} other {all # of them}}.',
  'sandbox.group.quota': 'Quota',
  'sandbox.topUp.action': 'Top up the quota',
  'sandbox.topUp.amount': 'Messages to add',
  'sandbox.topUp.option': '{count, plural, one {# message} other {# messages}}',
  'sandbox.topUp.when':
    'Offered once {count, plural, one {# message is} other {# or fewer messages are}} left.',
  // {left} is devices.quota.left ("500 messages left").
  'sandbox.topUp.done': '{action}: the device now has {left}.',

  'send.title': 'Send',
  'send.files': 'Files',
  'send.files.label': 'Files to send',
  'send.files.added': '{name} added: ready to send.',
  'send.files.addedMany': '{count, plural, one {# file} other {# files}} added: ready to send.',
  'send.files.registering': 'Checking the files…',
  'send.drop.hint': 'Drop files anywhere in this window, paste an image, or',
  'send.drop.choose': 'Choose files',
  'send.drop.limit': 'Up to {max} per file.',
  'send.file.ready': 'Ready to send',
  'send.file.tooLarge': 'Larger than {max}',
  'send.file.remove': 'Remove {name}',
  'send.files.alreadyThere': '{name} is already in this message (the same contents): not added again.',
  'send.files.alreadyThereMany':
    '{count, plural, one {# file is} other {# files are}} already in this message (the same contents), not added again: {names}.',
  'send.files.namesMore': '{names} and {count} more',
  'send.file.renamed.image': '{from} is really an image ({type}): it is sent as {to}, as a photo.',
  'send.file.renamed.document': '{from} is really a document ({type}): it is sent as {to}.',
  'send.file.renamed.video': '{from} is really a video ({type}): it is sent as {to}.',
  'send.file.renamed.audio': '{from} is really audio ({type}): it is sent as {to}.',
  'send.rejected.quickTime': 'a QuickTime video; the gateway takes MP4 and MPEG videos only.',
  'send.rejected.title': 'These files were not added:',
  'send.rejected.tooLarge': 'larger than the {max} limit.',
  'send.rejected.changed': 'changed since it was added; add it again.',
  'send.rejected.notFound': 'is no longer there (moved or deleted); add it again.',
  'send.rejected.empty': 'the file is empty.',
  'send.rejected.tooMany':
    '{count, plural, one {# more file was} other {# more files were}} left out: one send carries {max} files at most.',
  'send.rejected.disguised':
    'named as a file of type {ext}, but its contents are not one (renamed or damaged?).',
  'send.rejected.unsupported':
    'the gateway cannot send this type (images: jpg, png, gif; documents: pdf, doc(x), xls(x), ppt(x), odt, csv, txt; video: mp4, mpeg; audio: mp3, ogg).',
  'send.caption': 'Caption for the files',
  'send.captionAudio.withOtherFiles': 'Audio files are sent without the caption: the other files carry it.',
  'send.captionAudio.ownMessage':
    'Audio files are sent without a caption: it is sent once, as its own message after them.',
  'send.recipients': 'Recipients',
  'send.group': 'Send to a group',
  'send.recipients.label': 'Phone numbers',
  'send.recipients.hint':
    'Type a name to pick a contact, or numbers: several at once, separated by commas or new lines. 08…, +62 8… and 62… all work.',
  'send.recipients.groupLabel': 'Group ids',
  'send.recipients.groupHint':
    'Type the name of a group the inbox knows, or the group id from the gateway dashboard. Several at once: separate them with commas or new lines.',
  'send.recipients.required': 'Add at least one recipient.',
  'send.recipients.unpicked': '“{name}” is not picked yet: choose it from the suggestions.',
  'send.recipients.bad':
    '{count, plural, one {Fix or remove the recipient marked with ⚠.} other {Fix or remove the # recipients marked with ⚠.}}',
  'send.recipients.count': 'Recipients ready: {count}',
  'send.recipients.countOptedOut': 'Recipients ready: {count} of {recipients}, {optedOut} opted out',
  'send.recipients.countOverLimit': 'Recipients: {count}, {over} over the limit',
  'send.recipients.notDrawn': 'And {count} more, not shown.',
  'send.recipients.tooMany':
    '{count} recipients: a send goes to {max} at most. Send to the rest apart, or to all of them as a campaign from a spreadsheet.',
  'send.recipients.optedOut':
    '{count, plural, one {# recipient is on the opt-out list (marked “opted out”): the gateway refuses messages to that number.} other {# recipients are on the opt-out list (marked “opted out”): the gateway refuses messages to those numbers.}}',
  'send.recipients.repeatsLeftOut':
    '({count, plural, one {# repeated number} other {# repeated numbers}} left out: each number is sent once.)',
  'send.recipients.removeAll': 'Remove all recipients',
  'send.recipients.removedAll':
    '{count, plural, one {# recipient removed.} other {All # recipients removed.}}',
  'send.recipients.undoRemoveAll': 'Undo: put them back',
  'send.recipients.chips': 'Recipients as they will be sent',
  'send.recipients.remove': 'Remove {value}',
  'picker.suggestions': 'Contacts and groups that match',
  'send.recent': 'Recent:',
  'send.message': 'Message',
  'send.text': 'Text message',
  'send.counter': '{count} / {max} characters',
  'send.text.variables':
    '“{variable}” is sent as written: values from a spreadsheet are filled in only by Campaigns.',
  'send.device': 'Send from',
  'send.device.none': 'Choose a device',
  'send.device.notConnected':
    'This device is not connected right now: messages wait in the outbox until it is.',
  'send.device.waitsRenewal':
    'This device’s subscription has ended: messages wait in the outbox until it is renewed.',
  'send.device.waitsScan':
    'This device’s phone is not linked: messages wait in the outbox until its QR code is scanned.',
  'send.device.capSpent':
    'This device’s daily cap is used up: messages sent now wait in the outbox until its count starts again {at}.',
  'schedules.capWait': 'waits for the daily cap: goes from {at}',
  'send.device.waitsToken':
    'The gateway does not accept this device’s token: messages wait in the outbox until a working token is entered.',
  'send.when': 'When',
  'send.when.now': 'Send now',
  'send.when.schedule': 'Schedule',
  'schedule.clock.skipped':
    'The clocks go forward that night in {zone}: {typed} does not come that day, so it goes at {becomes}.',
  'schedule.clock.twice':
    'The clocks go back that night in {zone}: {typed} comes twice that day, and it goes at the first.',
  'send.schedule.date': 'Date',
  'send.schedule.time': 'Time',
  'send.schedule.timezone': 'Time zone',
  'send.schedule.mode': 'Kept by',
  'send.schedule.local': 'Sender Desk (this computer)',
  'send.schedule.gateway': 'The gateway',
  'send.schedule.modeHint': 'The gateway sends even when this computer is off; it takes text messages only.',
  'send.schedule.gatewayTextOnly':
    'The gateway can only schedule text messages; files are scheduled by Sender Desk.',
  'send.schedule.overdue': 'If the computer was off at that time',
  'send.schedule.overdue.send': 'Send as soon as possible',
  'send.schedule.overdue.hold': 'Hold it and ask me',
  'send.schedule.passed': 'This time has passed: it is {now} now. Pick a later time, or send it now.',
  'send.schedule.sendNow': 'Send it now instead',
  'send.problem.noDevice': 'Choose the device to send from.',
  'send.problem.noRecipients': 'Add at least one recipient.',
  'send.problem.badRecipients': 'Some recipients are not valid.',
  'send.problem.tooManyRecipients': 'A send goes to {max} recipients at most.',
  'send.problem.tooManyMessages':
    'A send carries {max} messages at most to each recipient (its files, and the text or its parts): remove some files, or send the text apart.',
  'send.problem.unpickedName': 'A name is typed but not picked: choose it from the suggestions.',
  'send.problem.nothing': 'Add a file or write a text message.',
  'send.problem.textTooLong': 'The text is longer than {max} characters.',
  'send.problem.captionTooLong': 'The caption is longer than {max} characters.',
  'send.problem.schedule': 'Pick the date, time and time zone.',
  'send.problem.gatewayTextOnly': 'Files cannot be scheduled on the gateway: choose Sender Desk.',
  'send.problem.scheduleNoSuchTime':
    'There is no such day or time to schedule: check its day, month and year.',
  'send.problem.schedulePassed': 'The scheduled time has passed: pick a later time, or send it now.',
  'send.split.offer': 'This text is over {max} characters. Send it as {count} messages, cut between words?',
  'send.split.accept': 'Split into {count} messages',
  'send.split.chosen': 'Will be sent as {count} messages, cut between words.',
  'send.split.undo': 'Keep as one message',
  'send.preview': 'As WhatsApp will show it',
  'send.submit.now': 'Send',
  'send.submit.schedule': 'Schedule',
  'send.submitting': 'Adding to the outbox…',
  'send.done.queued': 'Added to the outbox.',
  'send.done.scheduled': 'Scheduled.',
  'send.done.failed': '{outcome}: {reason}',
  // ---- the pre-send summary of a large direct send (issue 29) ----
  'send.presend.title': 'Before you send',
  'send.presend.recipientsOptedOut':
    '{count, plural, one {# recipient} other {# recipients}}: {sent} will be sent, {optedOut} opted out',
  'send.presend.messages': 'Messages',
  'send.presend.pace':
    '(one message every {seconds, plural, one {# second} other {# seconds}}, as set in Settings, if nothing else waits for the device)',
  'send.presend.paceAfter':
    '(one message every {seconds, plural, one {# second} other {# seconds}}, as set in Settings, after the {waiting} already waiting for the device)',
  'send.presend.deviceDown':
    '{device} cannot send now: the messages start once it can, and end that much later.',
  'send.presend.send': 'Send {count, plural, one {# message} other {# messages}}',
  'send.presend.sendAnyway': 'Send anyway',
  'send.presend.scheduleTitle': 'Before you schedule',
  'send.presend.starts': 'Starts',
  'send.presend.gatewayFires':
    '(the gateway sends them all at this time itself, even while this computer is off)',
  'send.presend.schedule': 'Schedule {count, plural, one {# message} other {# messages}}',
  'send.presend.scheduleAnyway': 'Schedule anyway',
  'send.presend.overBudgetScheduled':
    'The daily cap allows {left} of {count} on the day they start; the rest go on the following days.',
  'send.sent.title': 'Just sent',
  'send.sent.scheduledTitle': 'Just scheduled',
  'send.sent.to': 'To {count, plural, one {# recipient} other {# recipients}}.',
  /** Said while any message of the send may still move on; gone once all of them settled (QA81). */
  'send.sent.progressHere': 'Progress updates here as the gateway reports it.',
  'send.sent.leftOut':
    '{count, plural, one {# number on the opt-out list was left out.} other {# numbers on the opt-out list were left out.}}',
  'send.sent.progress': 'Progress: {status}',
  'send.sent.failedFor': 'for {failed} of {count}',
  'send.sent.perRecipient': 'Per recipient ({count})',
  'send.sent.perRecipientDeleted': '{count} more deleted from the outbox since',
  'send.sent.captionMessage': 'Caption, as its own message to each recipient',
  'send.sent.textParts': 'Text, as {count} messages to each recipient',
  'send.sent.dismiss': 'Write another message',
  'send.sent.queuedBecause': '{queued} — {reason}',
  'send.sent.unknown': '{count} not looked up yet',
  'send.sent.deleted': '{count} deleted',
  'send.sent.keptByGateway': '{count} kept by the gateway until the scheduled time',
  'send.sent.keptHere': '{count} kept on this computer until the scheduled time',
  'send.sent.keptHereUntil': '{count} kept on this computer until {time}',
  'send.sent.keptHereThenWaits': '{kept}, then waits: {reason}',
  'send.sent.keptByGatewayUntil': '{count} kept by the gateway until {time}',
  'send.sent.notAtGatewayYet': '{count} not at the gateway yet',
  'send.sent.notAtGatewayYetBecause': '{count} not at the gateway yet — {reason}',
  'send.sent.notAtGatewayYetFor': '{count} scheduled for {time}, not at the gateway yet',
  'send.sent.notAtGatewayYetForBecause': '{count} scheduled for {time}, not at the gateway yet — {reason}',
  'send.sent.failedTitle': 'Not sent',
  'send.sent.partlyFailedTitle': 'Some messages failed',
  'send.sent.cancelledTitle': 'Cancelled',
  'send.sent.queuedTitle': 'Waiting to be sent',
  'send.sent.withGatewayTitle': 'With the gateway',
  'send.sent.sendingTitle': 'Sending…',
  'send.sent.partlySentTitle': 'Partly sent',
  'send.sent.takenBackTitle': 'Taken back',
  'send.sent.partlyTakenBackTitle': 'Partly taken back',
  'send.sent.revokedFor': '{revoked} of {count} deleted for everyone',
  // Taking back a whole send from its card (QA79): nothing was selected, so not the Outbox's selection words.
  'send.sent.takeBack.confirm':
    'Delete the {count, plural, one {# message} other {# messages}} already sent for everyone?',
  'send.sent.takeBack.confirmAndCancel':
    'Delete the {count, plural, one {# message} other {# messages}} already sent for everyone, and cancel the {notSent} not sent yet?',
  'send.sent.revokedTitle': 'Deleted for everyone',
  'send.sent.deletedTitle': 'Deleted',
  /** A sent message's badge once the outbox no longer has it (deleted since). */
  'send.sent.deletedStatus': 'Deleted',

  'outbox.title': 'Outbox',
  'outbox.filters': 'Filter the outbox',
  'outbox.filter.status': 'Status',
  'outbox.filter.device': 'Device',
  'outbox.filter.allDevices': 'All devices',
  'outbox.filter.campaign': 'Campaign',
  'outbox.filter.allCampaigns': 'All messages',
  'outbox.filter.directOnly': 'Direct sends only',
  // QA73: what a summary under the Device or Campaign filter counts, named before its numbers.
  'outbox.summary.scoped': '{scope}: {counts}',
  'outbox.summary.campaignOnDevice': '{campaign} on {device}',
  'outbox.filter.recipient': 'Recipient',
  'outbox.filter.text': 'Text or file name',
  'outbox.filter.from': 'Created from',
  'outbox.filter.to': 'Created until',
  'outbox.filter.reversed': 'This day is before “Created from”: no message can be in both.',
  'outbox.filter.happened.sent': 'Sent today',
  'outbox.filter.happened.failed': 'Failed today',
  'outbox.filter.happened.cancelled': 'Cancelled today',
  'outbox.filter.happened.sentSince': 'Sent since {since}',
  'outbox.filter.happened.failedSince': 'Failed since {since}',
  'outbox.filter.happened.cancelledSince': 'Cancelled since {since}',
  'outbox.filter.happened.optedOut': 'Opted out today',
  'outbox.filter.happened.optedOutSince': 'Opted out since {since}',
  // QA sentdeleted: the Overview counts them; the list it opens cannot hold them.
  'outbox.happened.sentDeleted':
    '{count, plural, one {# more message sent today was deleted from this computer; it still counts toward today’s total.} other {# more messages sent today were deleted from this computer; they still count toward today’s total.}}',
  'outbox.happened.sentDeletedSince':
    '{count, plural, one {# more message sent since {since} was deleted from this computer; it is still counted as sent.} other {# more messages sent since {since} were deleted from this computer; they are still counted as sent.}}',
  'outbox.filter.clear': 'Clear filters',
  'outbox.filter.more': 'Status, device, campaign and dates',
  'outbox.filter.active': 'Active filters',
  'outbox.filter.remove': 'Remove the filter {filter}',
  'outbox.filter.hiddenNew': 'New messages hidden by these filters: {count}.',
  'outbox.filter.showAll': 'Show all',
  'outbox.loading': 'Loading…',
  'outbox.reopenGone': 'The message that was open before the reload is no longer in the outbox.',
  'outbox.total': '{count, plural, one {# message} other {# messages}}',
  'outbox.empty': 'No messages match.',
  'outbox.export.csv': 'Export (CSV)',
  'outbox.export.xlsx': 'Export (Excel)',
  'outbox.export.done': '{count, plural, one {# message} other {# messages}} exported to {file}.',
  'outbox.export.failed': 'The export failed: {error}',
  'outbox.export.nothing': 'No message matches these filters: nothing was exported.',
  'outbox.export.starting': 'Exporting…',
  'outbox.export.progress':
    'Exporting… {written} of {total, plural, one {# message} other {# messages}} written.',
  'outbox.export.stop': 'Stop the export',
  'outbox.export.fileName': 'outbox {day}',
  'outbox.export.sheetName': 'Outbox',
  'outbox.exportColumn.createdAt': 'Created at',
  'outbox.exportColumn.recipient': 'Recipient',
  'outbox.exportColumn.device': 'Device',
  'outbox.exportColumn.kind': 'Kind',
  'outbox.exportColumn.text': 'Text or caption',
  'outbox.exportColumn.fileName': 'File',
  'outbox.exportColumn.status': 'Status',
  'outbox.exportColumn.statusSince': 'Status since',
  'outbox.exportColumn.scheduledFor': 'Scheduled for',
  'outbox.exportColumn.scheduledForOwnZone': 'Scheduled for, on the schedule’s clock',
  'outbox.exportColumn.scheduleZone': 'Time zone of the schedule',
  'outbox.exportColumn.gatewayId': 'Gateway id',
  'outbox.exportColumn.reason': 'Reason',
  'outbox.exportColumn.gatewaySaid': 'What the gateway said',
  'outbox.exportColumn.timeZone': 'Time zone of the times',
  'outbox.empty.none': 'Nothing sent yet. Messages you send appear here with their progress.',
  'outbox.empty.clear': 'Clear the filters',
  'outbox.empty.write': 'Write a message',
  'outbox.listLabel': 'Messages',
  'outbox.rowGone.deleted': 'The message you were on was deleted.',
  'outbox.rowGone.filtered': 'The message you were on no longer matches the filters.',
  'outbox.rowGone.toNext': 'You are on the next message.',
  'outbox.rowGone.toPrevious': 'You are on the previous message.',
  'outbox.rowGone.toHeading': 'You are on the Outbox heading.',
  'outbox.rowLoading': 'Loading…',
  'outbox.row.scheduledFor': 'for {time}',
  'outbox.row.created': 'Created {time}',
  'outbox.group': 'Group',
  'outbox.held': 'held',
  'outbox.heldShort': 'Held',
  'outbox.paused': 'paused',
  'outbox.pausedShort': 'Paused',
  'outbox.waitingFor': 'waiting for {device}',
  'outbox.row.waitingFor': 'Waiting for {device}',
  'outbox.gatewayHolds': 'the gateway still has it',
  'outbox.gatewayHoldsShort': 'Gateway has it',
  // A take-back (Delete for everyone, Cancel at the gateway) not settled yet, said on the list's row.
  'outbox.takingBack': 'being taken back',
  'outbox.takingBackShort': 'Taking back',
  'outbox.waiting.held': 'held by the overdue policy: send it or cancel it',
  'outbox.waiting.paused': 'sending is paused',
  'outbox.waiting.devicePaused': 'sending through {device} is paused',
  'outbox.waiting.loggedOut': '{device} is logged out',
  'outbox.waiting.neverLinked': '{device} is not linked yet: scan its QR code',
  'outbox.waiting.numberChanged': '{device} needs its QR code scanned for its new number',
  // By the state's name (stateNameKey), a sentence each: "is “Gateway unreachable”" read as if the device were the
  // gateway (QA72).
  'outbox.waiting.state.disconnected': '{device} is disconnected',
  'outbox.waiting.state.awaitingActivation': '{device} is waiting for the gateway to activate it',
  'outbox.waiting.state.expired': '{device} has expired at the gateway',
  'outbox.waiting.state.tokenInvalid': 'the gateway refused the token of {device}',
  'outbox.waiting.state.unreachable': 'the gateway is unreachable for {device}',
  'outbox.waiting.state.serverError': 'the gateway is failing for {device}',
  'outbox.waiting.state.rateLimited': 'the gateway asks {device} to slow down',
  'outbox.waiting.state.notSupported': 'the address of {device} is not a gateway',
  'outbox.waiting.state.locked': 'the token of {device} is locked',
  'outbox.waiting.noQuota': '{device} has no quota left (renew or top up the gateway package)',
  'outbox.waiting.noQuota.sandbox':
    '{device} has no quota left (top it up in Sandbox controls on its card in Devices)',
  'outbox.waiting.retry': 'the gateway will be tried again at {time}',
  'outbox.waiting.checking': 'checking whether the gateway got it before sending it again',
  'outbox.waiting.campaign': "row {row} of a campaign: it goes when the campaign's pacing allows",
  'outbox.waiting.label': 'Waiting: {reason}',
  'outbox.cancelsAtTurn.optedOut':
    'Will not be sent: this number opted out after the message was written. It is cancelled when its turn comes.',
  'outbox.cancelsAtTurn.afterSeriesEnd':
    "Will not be sent: it falls after its recurring series' new end. It is cancelled when its turn comes.",
  'outbox.cancelsAtTurn.other': 'Will be cancelled when its turn comes ({reason}).',
  'outbox.detail': 'Message',
  'outbox.readFailed': 'This message could not be read: {why}',
  'outbox.historyReadFailed': "This message's history could not be read: {why}",
  'outbox.fact.kind': 'Type',
  'outbox.fact.device': 'Device',
  'outbox.gatewayStillHolds':
    'Cancelled here, but the gateway has not confirmed it yet and still holds its copy: Sender Desk asks again until it does. Until then the gateway could still send it.',
  'outbox.gatewayChangeOwed':
    'Changed here, but the gateway has not taken the change yet and still holds its earlier copy: Sender Desk asks again until it does. Until then the gateway could send that copy as it was, at its earlier time.',
  'schedules.changeOwed':
    'The gateway has not taken this change yet: until it does, its saved copy would go out as it was.',
  'outbox.deviceRemoved':
    'Its device was removed, so the gateway’s later reports (delivered, read) no longer reach Sender Desk.',
  'outbox.fact.created': 'Created',
  'outbox.fact.scheduled': 'Scheduled for',
  'outbox.fact.wasScheduled': 'Was scheduled for',
  'outbox.fact.attempts': 'Attempts',
  'outbox.fact.nextAttempt': 'Next attempt',
  'outbox.timeline': 'Status history',
  'outbox.timeline.pending': 'not yet',
  'outbox.failure.cancelReason': 'Why it was cancelled:',
  'outbox.failure.reason': 'Why it failed:',
  'outbox.failure.gateway': 'What the gateway said:',
  'outbox.failure.code': 'Code:',
  'outbox.failure.technical': 'Technical details',
  'outbox.remedy.reduce-file':
    'Sending it again would fail the same way: the file is larger than the gateway accepts. Send a smaller copy (compress or split it), or raise this device’s file-size limit if its gateway plan allows larger files.',
  'outbox.remedy.reduce-file-under':
    'Sending it again would fail the same way: the gateway accepts files up to {max}. Send a copy under {max} (compress or split it).',
  // Said only while the device's own limit is above the gateway's maximum: advice, not a statement of the setting.
  'outbox.remedy.setLimitTo':
    'Setting this device’s file-size limit to {max} stops larger files before they are sent.',
  'outbox.remedy.other-file-type':
    'Sending it again would fail the same way: the gateway does not accept this file type. Send it in a type it accepts, for example as a PDF.',
  'outbox.remedy.lift-opt-out':
    'Sending it again would be refused the same way while the number is on the opt-out list. It is lifted when the customer writes an opt-in keyword (such as MULAI), or when you take the number off the opt-out list in Campaigns.',
  'outbox.remedy.remove-caption':
    'Sending it again would fail the same way: the gateway sends audio without a caption. Edit: remove the caption, then Retry.',
  'outbox.remedy.send-file-again':
    'Sending it again would fail the same way: the copy kept for sending is gone and does not come back. Send the file again from Send.',
  'outbox.remedy.changeLimit': 'Change the file-size limit',
  'outbox.remedy.after-series-end':
    "Retrying would only cancel it again: its time lies after its recurring series' end, moved earlier since it was made. To send it, move the series' end past it with “Change end” in Reminders, then Retry.",
  'outbox.remedy.changeSeriesEnd': "Change the series' end in Reminders",
  'outbox.remedy.opted-out':
    'Retry is not offered: its number is on the opt-out list. Take it off the list first to send to it again.',
  'outbox.remedy.producer-refused': 'Retry is not offered: {why}.',
  'outbox.actions': 'Message actions',
  'outbox.retry': 'Retry',
  'outbox.scheduleAgain': 'Schedule again',
  'outbox.scheduledAgain': 'Scheduled again.',
  'outbox.changedMeanwhile':
    'It changed elsewhere meanwhile (another window or the terminal): it is “{status}” now.',
  'outbox.failedAgain': 'Failed again: {reason}',
  'outbox.failedAgainBare': 'Failed again.',
  'outbox.retried': 'Queued again.',
  'outbox.cancel': 'Cancel sending',
  'outbox.cancelled': 'Cancelled.',
  'outbox.takeBack.revoke': 'Delete for everyone',
  // What deleting for everyone does, said by every question that asks it (the Outbox's, a campaign's take-back).
  'outbox.takeBack.revokeShows':
    "{count, plural, one {The customer's chat} other {Each customer's chat}} will show that a message was deleted. This cannot be undone.",
  'outbox.takeBack.revokeConfirm': 'Delete this message for everyone? {shows}',
  'outbox.takeBack.revokeConfirmMany':
    'Delete {count, plural, one {# sent message} other {# sent messages}} for everyone? {shows}',
  // {others}: revokeStops and revokeLeaves, those of the selection it does not delete for everyone (QA75).
  'outbox.takeBack.revokeConfirmSome':
    'Delete {count} of the {selected} selected messages for everyone? {others} {shows}',
  'outbox.takeBack.revokeStops': '{count} not sent yet will not be sent.',
  // {why}: the reasons, each counted (outbox.takeBack.left.*, campaigns.takeBack.left.*), as a list.
  'outbox.takeBack.revokeLeaves':
    '{count, plural, one {# other stays as it is} other {# others stay as they are}}: {why}.',
  'outbox.takeBack.cancel': 'Cancel at the gateway',
  'outbox.takeBack.asked': 'Asked the gateway; its answer shows on the timeline.',
  'outbox.takeBack.askedHere': 'Asked the gateway; its answer shows here.',
  // What the gateway answered to a take-back of one message, said once it came (QA37 Q37-02).
  'outbox.takeBack.outcome.revoked': 'Deleted for everyone: the gateway did it.',
  'outbox.takeBack.outcome.cancelled': 'Cancelled at the gateway.',
  'outbox.takeBack.outcome.revokeRefused':
    'Not deleted for everyone: the gateway refused. It said: {message}',
  'outbox.takeBack.outcome.cancelRefused':
    'Not cancelled at the gateway: the gateway refused. It said: {message}',
  'outbox.takeBack.outcome.unknown': 'Whether the gateway did it is not known: {message}',
  'outbox.takeBack.outcome.paused':
    'Paused by the operator: nothing more is asked of the gateway until it is resumed.',
  // What else holds a take-back's calls while it runs (the core's heldBy): sending's pause never does.
  'outbox.takeBack.outcome.offline':
    'Waiting: this computer is offline; it goes on by itself once the connection is back.',
  'outbox.takeBack.outcome.gatewayWait':
    'Waiting: the gateway asked to slow down or did not answer; it is asked again by itself shortly.',
  'outbox.takeBack.outcome.deviceRefused':
    'Waiting: the gateway does not take {device}’s calls now; it goes on once the device is put right on its card.',
  'outbox.takeBack.outcome.resumed': 'Resumed: the gateway is asked again; its answer follows here.',
  'outbox.takeBack.pause': 'Pause the take-back',
  'outbox.takeBack.resume': 'Resume the take-back',
  'outbox.takeBack.openDevice': 'Open {device}',
  'outbox.takeBack.outcome.unread':
    'Its answer could not be read here: it shows on the message’s timeline in the outbox.',
  // A take-back of one message that asked the gateway nothing, said in place of "Asked the gateway".
  'outbox.takeBack.notAsked.stopped':
    'Stopped here: it had not left this computer, so nothing was asked of the gateway.',
  'outbox.takeBack.notAsked.alreadyAsked':
    'Already asked earlier: that take-back carries it, and its answer shows on the timeline.',
  'outbox.takeBack.notAsked.notFound': 'Not asked: this message is no longer in the outbox.',
  'outbox.takeBack.notAsked.fateUnknown':
    'Not asked: whether it left is not known yet (being sent, or unverified); the outbox settles that first.',
  'outbox.takeBack.notAsked.neverReachedGateway': 'Not asked: it failed before reaching the gateway.',
  'outbox.takeBack.notAsked.cancelled': 'Not asked: it was cancelled here already.',
  'outbox.takeBack.notAsked.optedOut':
    'Not asked: its number opted out before it was sent, so it never left.',
  'outbox.takeBack.notAsked.cancelledAtGateway': 'Not asked: it was cancelled at the gateway already.',
  'outbox.takeBack.notAsked.revoked': 'Not asked: it was deleted for everyone already.',
  'outbox.takeBack.notAsked.changed':
    'Not asked: the message changed meanwhile; its actions now show what can be done.',
  // A take-back of one message whose device cannot act now: said once, while it waits.
  'outbox.takeBack.outcome.waits.expired':
    'Waiting: {device}’s subscription has ended; it will be taken back once it is renewed.',
  'outbox.takeBack.outcome.waits.loggedOut':
    'Waiting: {device} is logged out; it will be taken back once its QR code is scanned.',
  'outbox.takeBack.outcome.waits.token':
    'Waiting: the gateway does not accept {device}’s token; it will be taken back once a working token is entered.',
  'outbox.takeBack.outcome.waits.unreachable':
    'Waiting: the gateway of {device} cannot be reached; it will be taken back once it answers again.',
  'outbox.takeBack.outcome.waits.notConnected':
    'Waiting: {device} is not connected; it will be taken back once it is connected again.',
  // Said once, when the action ends: only what was true then. The tally under it says how it goes.
  'outbox.takeBack.selectionAll': 'Take-back started for {n, plural, one {# message} other {# messages}}.',
  'outbox.takeBack.selectionStopped':
    '{n, plural, one {# not sent yet was cancelled: it will not be sent.} other {# not sent yet were cancelled: they will not be sent.}}',
  'outbox.takeBack.selectionLeft': '{n, plural, one {# left as it was} other {# left as they were}}: {why}.',
  // A selection's messages left as they were for its own reasons, in the tally's "nothing was left" list.
  'outbox.takeBack.left.notFound': '{n} no longer in the outbox',
  'outbox.takeBack.left.stopLocally':
    '{n} not sent yet (a cancel stops {n, plural, one {it} other {them}} here)',
  'outbox.takeBack.left.cancelAtGateway':
    '{n} still held by the gateway (a cancel at the gateway takes {n, plural, one {it} other {them}} back)',
  'outbox.takeBack.left.revoke':
    '{n} already on WhatsApp (only deleting {n, plural, one {it} other {them}} for everyone takes {n, plural, one {it} other {them}} back)',
  'outbox.takeBack.selectionUnread':
    'Its progress could not be read here: where each message stands shows in the outbox.',
  'outbox.bulk.select': 'Select {recipient}',
  'outbox.bulk.selectAll': 'Select all shown',
  'outbox.bulk.selectMatching': 'Select all {count} matching the filters',
  'outbox.bulk.selectedMatching': 'All {count} matching the filters selected',
  'outbox.bulk.matchingActs':
    'Deleting, for everyone or from the outbox, acts on ticked messages only (up to {max} at a time).',
  'outbox.bulk.bar': 'Selected messages',
  'outbox.bulk.selected': '{count} selected',
  'outbox.bulk.clear': 'Clear selection',
  'outbox.bulk.cancel': 'Cancel selected',
  'outbox.bulk.retry': 'Retry selected',
  'outbox.bulk.retryWhich': '{count} of the {selected} selected can be retried',
  'outbox.bulk.campaignCancelledAhead':
    '{count, plural, one {# belongs to a cancelled campaign} other {# belong to a cancelled campaign}}',
  'outbox.bulk.deviceRemovedAhead':
    '{count, plural, one {# belongs to a removed device} other {# belong to a removed device}}',
  'outbox.bulk.deviceRemovedRetry':
    '{count, plural, one {# belongs to a removed device, so was not retried} other {# belong to a removed device, so were not retried}}',
  'outbox.bulk.optedOutAhead':
    '{count, plural, one {# is to a number on the opt-out list} other {# are to numbers on the opt-out list}}',
  'outbox.bulk.optedOutRetry':
    '{count, plural, one {# is to a number on the opt-out list, so was not retried} other {# are to numbers on the opt-out list, so were not retried}}',
  'outbox.bulk.afterSeriesEndAhead':
    "{count, plural, one {# lies after its recurring series' end} other {# lie after their recurring series' end}}",
  'outbox.bulk.cancelConfirm':
    'Cancel sending {count, plural, one {# selected message} other {# selected messages}}? Messages the gateway has already taken to send stay as they are; a schedule the gateway keeps is cancelled there too.',
  'outbox.bulk.cancelConfirmSome':
    'Cancel sending {count} of the {selected} selected messages? The others stay as they are: they are with the gateway already, being sent right now, or cancelled already.',
  'outbox.bulk.cancelled': '{count} cancelled',
  'outbox.bulk.release': 'Send {count} held now',
  'outbox.bulk.released': '{count} sent now',
  'outbox.bulk.notHeldRelease':
    '{count, plural, one {# no longer held was not sent now} other {# no longer held were not sent now}}',
  'outbox.bulk.retried': '{count} retried',
  'outbox.bulk.atGatewayCancel': '{count} already sent could not be cancelled',
  'outbox.bulk.sendingCancel': '{count} being sent right now could not be cancelled',
  'outbox.bulk.otherCancel':
    '{count, plural, one {# could not be cancelled in its status} other {# could not be cancelled in their status}}',
  'outbox.bulk.atGatewayRetry':
    '{count, plural, one {# already sent was not retried} other {# already sent were not retried}}',
  'outbox.bulk.sendingRetry':
    '{count, plural, one {# being sent right now was not retried} other {# being sent right now were not retried}}',
  'outbox.bulk.otherRetry':
    '{count, plural, one {# was not failed or cancelled, so not retried} other {# were not failed or cancelled, so not retried}}',
  'outbox.bulk.campaignCancelledRetry':
    '{count, plural, one {# belongs to a cancelled campaign, so was not retried} other {# belong to a cancelled campaign, so were not retried}}',
  'outbox.bulk.afterSeriesEndRetry':
    "{count, plural, one {# lies after its recurring series' end, so was not retried} other {# lie after their recurring series' end, so were not retried}}",
  'outbox.bulk.wouldFailAgainRetry':
    '{count, plural, one {# would fail the same way (see why it failed), so was not retried} other {# would fail the same way (see why each failed), so were not retried}}',
  'outbox.bulk.noLongerMatching': '{count} no longer matched the filters (sent or changed meanwhile)',
  'outbox.bulk.alreadyCancelled': '{count, plural, one {# was} other {# were}} already cancelled',
  'outbox.bulk.retryAnyway': 'Retry anyway',
  'outbox.bulk.gone': '{count, plural, one {# no longer exists} other {# no longer exist}}',
  'outbox.bulk.savingAtGateway':
    '{count, plural, one {# is being saved at the gateway right now and was left as it is: try again in a moment} other {# are being saved at the gateway right now and were left as they are: try again in a moment}}',
  'outbox.bulk.gatewayCancelProgress': 'Cancelling at the gateway: {done} of {total}',
  'outbox.bulk.delete': 'Delete from the outbox',
  'outbox.bulk.deleteConfirm':
    'Delete {count, plural, one {the selected message} other {the # selected messages}} from the outbox? {count, plural, one {Its history goes with it} other {Their history goes with them}}; what customers already received stays in their chats. This cannot be undone.',
  'outbox.bulk.deleteConfirmSome':
    'Delete {count} of the {selected} selected messages from the outbox? The others are waiting or with the gateway and stay. {count, plural, one {Its history goes with it} other {Their history goes with them}}; what customers already received stays in their chats. This cannot be undone.',
  'outbox.bulk.deleted': '{count} deleted',
  'outbox.bulk.waitingDelete':
    '{count, plural, one {# waiting to be sent was kept: cancel it first} other {# waiting to be sent were kept: cancel them first}}',
  'outbox.bulk.sendingDelete':
    '{count, plural, one {# being sent right now was kept} other {# being sent right now were kept}}',
  'outbox.bulk.atGatewayDelete':
    '{count, plural, one {# the gateway has not reported on yet was kept} other {# the gateway has not reported on yet were kept}}',
  'outbox.bulk.gatewayStillHoldsDelete':
    '{count, plural, one {# the gateway keeps was cancelled, not deleted: the gateway has not taken the cancel yet} other {# the gateway keeps were cancelled, not deleted: the gateway has not taken the cancel yet}}',
  'outbox.bulk.takingBackDelete':
    '{count, plural, one {# was kept: its “Delete for everyone” or cancel at the gateway is still waiting for its device; delete it once that is done} other {# were kept: their “Delete for everyone” or cancel at the gateway is still waiting for their device; delete them once that is done}}',
  'outbox.bulk.otherDelete':
    '{count, plural, one {# could not be deleted in its status} other {# could not be deleted in their status}}',
  'outbox.optOut': 'Put this number on the opt-out list',
  'outbox.optOut.confirm':
    'Put {phone} on the opt-out list? Campaigns skip it, the gateway refuses every message to it (its blacklist), and what still waits for it here is not sent. Campaigns → Opt-out list takes it off again.',
  'outbox.optedOut':
    '{phone} is on the opt-out list: campaigns skip it, and the gateway refuses every message to it (its blacklist).',
  'outbox.listed': 'This number is on the opt-out list ({how}).',
  'outbox.edit': 'Edit',
  'outbox.keeper.notYet':
    'The gateway, once it takes it (not yet): until then this computer keeps it, and sends it at its time if need be.',
  'outbox.keeper.notYetBecause':
    'The gateway, once it takes it (not yet: {reason}): until then this computer keeps it, and sends it at its time if need be.',
  'outbox.edit.recipient': 'Recipient',
  'outbox.edit.oneNumber': 'One number only: this message goes to one number. Send to the others from Send.',
  'outbox.edit.terminalDevice':
    'It cannot be edited here: it was queued from the terminal for a device this app does not list, and only sender-desk outbox flush sends it. Cancel it here, or add that device to edit it.',
  'outbox.edited': 'Saved.',
  'outbox.release': 'Send now',
  'outbox.released': 'Released: it will be sent now.',
  'outbox.releasedWaiting': 'Released and queued; not sent yet: see why below.',
  'outbox.delete': 'Delete',
  'outbox.delete.confirm': 'Delete this message from the outbox? This cannot be undone.',
  'outbox.deleted': 'Deleted.',

  'schedules.title': 'Schedules',
  'schedules.intro': 'Messages waiting for their time, kept by Sender Desk or by the gateway.',
  // A row's policy for a time this computer was off at: said with its condition ("Send as soon as possible" alone, under
  // a time years away, read as if it would go now).
  'schedules.overdue.send': 'if this computer is off then, sent once it is back',
  'schedules.overdue.hold': 'if this computer is off then, held for you to decide',
  'schedules.empty': 'Nothing is scheduled.',
  'schedules.empty.hint': 'Write a message in Send and choose When → Schedule.',
  'schedules.empty.write': 'Schedule a message',
  'schedules.repeats':
    '{count, plural, one {# recurring message goes} other {# recurring messages go}} out from Reminders, not listed here; the next at {time}.',
  'schedules.repeats.open': 'Open Reminders',
  'schedules.listLabel': 'Scheduled messages',
  'schedules.shown': 'Showing the {shown} due soonest of {total}.',
  'schedules.showMore': 'Show more',
  'schedules.yourTime': '({time}, your time)',
  'schedules.notAtGateway': 'not at the gateway yet',
  'schedules.send.cancelsAtTurn':
    '{count, plural, one {# message} other {# messages}} of this send will not be sent: see its numbers',
  'schedules.notAtGatewayBecause': 'not at the gateway yet: {reason}',
  'schedules.actionsFor': 'Actions for the message to {recipient}',
  'schedules.edit': 'Reschedule',
  'schedules.optedOutAhead': '{number} opted out on {date}: this message will not be sent.',
  'schedules.cancelSending': 'Cancel sending',
  'schedules.send.optedOutAhead':
    '{count, plural, one {# number of this send opted out since it was scheduled: its message will not be sent and keeps its time.} other {# numbers of this send opted out since it was scheduled: their messages will not be sent and keep their time.}}',
  'schedules.send.optedOut':
    '{count, plural, one {# not moved: its number opted out; cancel it from its row.} other {# not moved: their numbers opted out; cancel them from their rows.}}',
  'schedules.saved': 'Rescheduled.',
  'schedules.savedWords': 'The new words are saved; it goes at the same time.',
  'schedules.passed': 'This time has passed: it is {now} now. Pick a later time.',
  'schedules.cancelled': 'Cancelled. It stays in the Outbox, marked cancelled.',
  'schedules.cancelledGatewayAsked':
    'Cancelled here; the gateway is asked to cancel its copy, and the Outbox says once it has.',
  'schedules.rowGone':
    'The message you were on is no longer scheduled: its time came, or it was changed elsewhere. The Outbox shows what became of it.',
  'schedules.held.line':
    '{count, plural, one {# scheduled message came due while it could not be sent and is held for you.} other {# scheduled messages came due while they could not be sent and are held for you.}}',
  'schedules.held.send': '{count, plural, one {Send it now} other {Send all # now}}',
  'schedules.held.cancel': '{count, plural, one {Cancel it} other {Cancel all #}}',
  'schedules.held.sent':
    '{count, plural, one {# held message is sending now; follow it in the Outbox.} other {# held messages are sending now; follow them in the Outbox.}}',
  'schedules.held.cancelConfirm':
    'Cancel {count, plural, one {the held message? It stays} other {all # held messages? They stay}} in the Outbox, marked cancelled; Retry there puts one back in line.',
  'schedules.held.cancelled':
    '{count, plural, one {# held message cancelled. It stays in the Outbox, marked cancelled.} other {# held messages cancelled. They stay in the Outbox, marked cancelled.}}',
  'schedules.held.notHeld':
    '{count, plural, one {# was no longer held and was left as it is.} other {# were no longer held and were left as they are.}}',
  'schedules.heldLate': 'held, {late}',
  'schedules.late.minutes': '{minutes} min late',
  'schedules.late.hours': '{hours} h {minutes} min late',
  'schedules.late.days': '{days, plural, one {# day} other {# days}} late',
  'schedules.send.to': '{count, plural, one {To # number} other {To # numbers}}',
  'schedules.send.more': '{count, plural, one {and # more} other {and # more}}',
  'schedules.send.actionsFor':
    '{count, plural, one {Actions for the send to # number} other {Actions for the send to # numbers}}',
  'schedules.send.show': '{count, plural, one {Show the number} other {Show the # numbers}}',
  'schedules.send.hide': '{count, plural, one {Hide the number} other {Hide the # numbers}}',
  'schedules.send.numbersOf': 'The numbers of this send',
  'schedules.send.shownOf': 'Showing {shown} of {count}: Show more, under the list, reads the rest.',
  'schedules.send.notAtGateway':
    '{count, plural, one {# of its numbers is not at the gateway yet: Show the numbers says why.} other {# of its numbers are not at the gateway yet: Show the numbers says why.}}',
  'schedules.send.messages': '{count, plural, one {# message} other {# messages}}',
  'schedules.send.showMessages': 'Show the {count} messages',
  'schedules.send.hideMessages': 'Hide the {count} messages',
  'schedules.send.sendNow': '{count, plural, one {Send it now} other {Send all # now}}',
  'schedules.send.cancel': '{count, plural, one {Cancel it} other {Cancel all #}}',
  'schedules.send.cancelConfirm':
    '{count, plural, one {Cancel this send? Its message will not go out; it stays in the Outbox, marked cancelled.} other {Cancel this send to # numbers? None of them will be sent; they stay in the Outbox, marked cancelled.}}',
  'schedules.send.reschedule': 'Reschedule all',
  'schedules.send.reword': 'Change the words',
  'schedules.send.rewordCaption': 'Caption of {file}',
  'schedules.send.rewordText': 'Text {n} of {count}',
  'schedules.send.reworded':
    '{count, plural, one {# message now says the new words.} other {# messages now say the new words.}}',
  'schedules.send.sent':
    '{count, plural, one {# sent now; follow it in the Outbox.} other {# sent now; follow them in the Outbox.}}',
  'schedules.send.sentWaiting':
    '{count, plural, one {# queued, not sent yet} other {# queued, not sent yet}} — waiting: {reason}. Follow them in the Outbox.',
  'schedules.send.gone':
    'Nothing of this send is scheduled any more: it was sent, cancelled or moved meanwhile.',
  'schedules.send.cancelled': '{count, plural, one {# cancelled.} other {# cancelled.}}',
  'schedules.send.rescheduled': '{count, plural, one {# rescheduled.} other {# rescheduled.}}',
  'schedules.send.saving':
    '{count, plural, one {# is being saved at the gateway right now and was left as it is: try again in a moment.} other {# are being saved at the gateway right now and were left as they are: try again in a moment.}}',
  'schedules.send.changed':
    '{count, plural, one {# had changed meanwhile and was left as it is.} other {# had changed meanwhile and were left as they are.}}',
  'schedules.released': 'Sending now; follow it in the Outbox.',
  'schedules.releasedWaiting': 'Queued, not sent yet — waiting: {reason}. Follow it in the Outbox.',
  'schedules.delete.confirm':
    'Delete this scheduled message? It leaves the Outbox too (Cancel sending would keep it there, marked cancelled). This cannot be undone.',

  'settings.title': 'Settings',
  'settings.saved': 'Saved.',
  // "settings", as settings.notSaved says them (QA68: "fields" there, "settings" here, for the same marks).
  'settings.savedOthersNot':
    'Saved. {count, plural, one {The marked setting is not saved: correct it.} other {The # marked settings are not saved: correct them.}}',
  'settings.allSaved': 'Every setting is saved.',
  'settings.notSaved':
    'Not saved: {count, plural, one {correct the marked setting.} other {correct the # marked settings.}}',
  'settings.range': 'Enter a number from {min} to {max}.',
  'settings.rangeWhole': 'Enter a whole number from {min} to {max}.',
  'settings.group.window': 'Window',
  'settings.group.sending': 'Sending',
  'settings.group.support': 'IT support',
  'settings.group.data': 'Data and security',
  'settings.group.diagnostics': 'Diagnostics',
  'settings.language': 'Language',
  'settings.language.pickersAfterRestart':
    'The date and time pickers switch to this language when Sender Desk next starts.',
  'settings.theme': 'Theme',
  'settings.theme.system': 'Same as the system',
  'settings.theme.light': 'Light',
  'settings.theme.dark': 'Dark',
  'settings.notifications': 'Notifications',
  'settings.notifications.hint': 'Tell me when a device disconnects or a message fails.',
  'settings.startAtLogin': 'Start at login',
  'settings.startAtLogin.hint': 'Start Sender Desk in the tray when you log in.',
  'settings.poll': 'Check devices every (seconds)',
  'settings.poll.hint': 'How often each device’s state is checked while idle.',
  'settings.pacing': 'Gap between two sends (seconds)',
  'settings.pacing.hint': 'A pause between messages on one device, so the number is not flagged for spam.',
  'settings.maxFile': 'Largest file (MB)',
  'settings.maxFile.hint': 'Your gateway’s limit; 2 MB by default.',
  'settings.maxIncomingMedia': 'Largest file downloaded from customers (MB)',
  'settings.maxIncomingMedia.hint':
    'Larger images, videos and documents are not downloaded; 16 MB by default.',
  'settings.timezone': 'Default time zone',
  'settings.timezone.hint':
    "Your clock: the times the window shows (Outbox, Messages in, the Overview's today) and the one new schedules, reminders and campaigns' working hours start on.",
  'settings.support': 'IT support contact',
  'settings.support.hint': 'Shown in the linking wizard, for example an e-mail address or a WhatsApp number.',
  'settings.support.backToLinking': 'Back to linking {label}',
  'settings.retention': 'Keep finished messages for (days)',
  'settings.retention.hint': 'Sent, failed and cancelled messages and their files are deleted after this.',
  'settings.weakStorage': 'Allow weak token storage',
  'settings.weakStorage.hint':
    'Only when no keyring is available: tokens are kept between restarts with weaker protection. Leave off to keep tokens for the session only.',
  'settings.dataFolder': 'Data folder',
  'settings.dataFolder.hint': 'The terminal ({command}) uses this folder with {flag}.',
  'settings.dataFolder.copy': 'Copy folder path',
  'settings.damaged.title': 'Could not be read at start',
  'settings.damaged.file': 'file',
  'settings.damaged.startFresh': 'Set aside and start fresh',
  'settings.damaged.done': '{part} started fresh; the damaged copy is kept beside it.',
  'settings.damaged.part.sandbox': 'The sandbox gateway',
  'settings.damaged.part.settings': 'Your settings',
  'settings.damaged.part.series': 'Recurring messages',
  'settings.damaged.part.devices': 'Your devices list',
  'settings.diagnostics.hint':
    'A summary for support: versions, device states and recent errors. Tokens are never included.',
  'settings.diagnostics.copy': 'Copy diagnostics',
  'service.device': 'Device',
  'service.noDevices': 'Add a device first.',
  'webhooks.title': 'Webhooks',
  'webhooks.intro': "Where the gateway reports a device's incoming messages and the status of what it sent.",
  'webhooks.url': 'Receive-message URL',
  'webhooks.url.hint': 'The gateway POSTs every incoming message here as JSON.',
  'webhooks.url.invalid': 'Use an address that starts with https:// (http:// only for this computer).',
  'webhooks.url.invalidHttpsOnly': 'Use an address that starts with https://.',
  'webhooks.url.notAUrl': 'This is not a web address: check it for spaces or a missing part.',
  'webhooks.url.port': 'The port (the number after the colon) must be from 1 to 65535.',
  'webhooks.url.host':
    'The server name “{host}” cannot exist: check it for a doubled dot, or a dash at the start or end of a part.',
  'webhooks.url.credentials':
    'Leave the user name and password out of the address (the part before @): the gateway refuses them. Put a secret in the path instead.',
  'webhooks.url.hostUnderscore':
    'The server name “{host}” cannot have an underscore (_): use a dash (-) instead.',
  'webhooks.url.ipPart':
    'The IP address “{host}” cannot exist: each of its four numbers must be from 0 to 255.',
  'webhooks.url.insecure':
    'Plain http:// would send the messages (and any secret in the address) unencrypted: use https:// (http:// only for this computer).',
  'webhooks.url.insecureHttpsOnly':
    'Plain http:// would send the messages (and any secret in the address) unencrypted: use https://.',
  'webhooks.url.tooLong': 'Use an address of at most {max} characters.',
  'webhooks.cannotClear.url':
    'The gateway cannot remove a saved Receive-message URL, so it is shown again. To stop messages going there, turn off “Get incoming messages”, or change the address here or in the gateway’s dashboard (Device → Setting).',
  'webhooks.cannotClear.tracking':
    'The gateway cannot remove a saved Tracking URL, so it is shown again. To change where statuses go, enter another address here or in the gateway’s dashboard (Device → Setting).',
  'webhooks.cleared.url':
    'The Receive-message URL is removed at the sandbox: incoming messages go nowhere until you enter another.',
  'webhooks.cleared.tracking':
    'The Tracking URL is removed at the sandbox: statuses go nowhere until you enter another.',
  'webhooks.trackingUrl': 'Tracking URL',
  'webhooks.trackingUrl.hint': 'The gateway POSTs every status change of a sent message here.',
  'webhooks.incoming': 'Get incoming messages',
  'webhooks.incoming.hint': 'Without this the gateway does not POST incoming messages to the URL.',
  'webhooks.autoReply': 'Auto reply from webhook',
  'webhooks.autoReply.hint':
    "Your receiver's answer is sent back to the chat: plain text as one message, JSON {data:[…]} as several.",
  'webhooks.autoReply.dashboard':
    'On the hosted gateway this is switched in the dashboard (Device → Setting).',
  'webhooks.remembered':
    'The gateway cannot be asked for these settings; this is what Sender Desk last saved.',
  'webhooks.savedAt': 'Saved {time}.',
  'webhooks.receivingHere':
    'Messages in receives this device’s messages: these addresses are Sender Desk’s mailbox. Changing them, or turning incoming messages off, stops Messages in for this device.',
  'webhooks.stopsInbox.question':
    'Saving this stops Messages in for {device}: its messages no longer reach Sender Desk until “Receive messages” is turned on again in Messages in.',
  'webhooks.stopsInbox.confirm': 'Save anyway',
  'webhooks.stopsInbox.keep': 'Keep receiving',
  'webhooks.save': 'Save webhook settings',
  'webhooks.saved': 'Saved at the gateway.',
  'webhooks.unchanged': 'Nothing changed.',
  'webhooks.inspector.title': 'Webhook inspector',
  'webhooks.inspector.intro':
    'Every POST the sandbox made for this device: the payload, each attempt and what your receiver answered.',
  'webhooks.inspector.empty':
    'Nothing delivered yet. Set a URL, turn on incoming messages and let a message arrive.',
  'webhooks.inspector.sandboxOnly':
    'The inspector works with sandbox devices: the hosted gateway does not report its deliveries.',
  'webhooks.kind.incoming': 'Incoming message',
  'webhooks.kind.tracking': 'Status tracking',
  'webhooks.kind.device': 'Device status',
  'webhooks.state.waiting': 'Waiting',
  'webhooks.state.retrying': 'Retrying',
  'webhooks.state.delivered': 'Delivered',
  'webhooks.state.failed': 'Failed',
  'webhooks.headline.incoming': 'From {phone}: “{message}”',
  'webhooks.headline.tracking': 'The message to {phone} is now {status}',
  'webhooks.headline.trackingText': 'The message to {phone} (“{message}”) is now {status}',
  'webhooks.headline.trackingKnown': '{message} to {phone} is now {status}',
  'webhooks.headline.messageWords': '{kind} “{words}”',
  'webhooks.headline.messageFile': '{kind} {file}',
  'webhooks.headline.autoReply': 'Auto-reply',
  'webhooks.headline.webhookReply': 'Webhook reply',
  'webhooks.headline.gatewayWord': '“{word}”',
  'webhooks.headline.device': 'The device is {status}',
  // The gateway's status words in a headline, in the operator's language (a word it does not name stays as it came).
  'gatewayWord.pending': 'waiting at the gateway',
  'gatewayWord.sent': 'sent',
  'gatewayWord.delivered': 'delivered',
  'gatewayWord.read': 'read',
  'gatewayWord.cancelled': 'cancelled',
  'gatewayWord.revoked': 'deleted for everyone',
  'gatewayWord.rejected': 'rejected',
  'gatewayWord.failed': 'failed',
  'gatewayWord.connected': 'connected',
  'gatewayWord.disconnected': 'disconnected',
  'webhooks.filter.kind': 'Kind',
  'webhooks.filter.state': 'Delivery',
  'webhooks.filter.all': 'All',
  'webhooks.filter.pending': 'Waiting or retrying',
  'webhooks.filter.none': 'No delivery matches these filters.',
  'webhooks.rowGone.filtered': 'The delivery you were on no longer matches the filters.',
  'webhooks.rowGone.gone': 'The delivery you were on is no longer in the inspector.',
  'webhooks.rowGone.toNext': 'You are on the next delivery.',
  'webhooks.rowGone.toPrevious': 'You are on the previous delivery.',
  'webhooks.rowGone.toHeading': 'You are on the Webhook inspector heading.',
  'webhooks.payload': 'Payload',
  'webhooks.attempts': 'Attempts',
  'webhooks.attempt.http': 'HTTP {status}',
  'webhooks.attempt.connectionRefused':
    'Nothing is listening at {host} (connection refused): is your receiver running?',
  'webhooks.attempt.noSuchHost': '{host} is not found: no such name in DNS. Check the address.',
  'webhooks.attempt.connectionCut': 'The connection to {host} was cut before it answered.',
  'webhooks.attempt.unreachable':
    '{host} cannot be reached from here: no route to it, or no connection in time.',
  'webhooks.attempt.timeout': 'No answer within {seconds} s: the receiver took too long.',
  'webhooks.attempt.noAnswer': 'no answer: {error}',
  'webhooks.answer': 'Answer',
  'webhooks.nextAttempt': 'Next attempt {time}',
  'webhooks.replies': 'Sent back to the chat: {text}',
  // Why the receiver's answer did not go back to the chat (the sandbox's "auto reply from webhook").
  // The inspector is shown for sandbox devices only, whose switch is on the same page.
  'webhooks.replyNote.replyOff': 'Not sent back to the chat: “{setting}” is off for this device (above).',
  'webhooks.replyNote.noReplyAsked': 'Not sent back to the chat: the answer asks for no reply.',
  'webhooks.replyNote.deviceOrMessageGone': 'Not sent back to the chat: the device or the message is gone.',
  'webhooks.replyNote.gatewayRefused':
    'Not sent back to the chat: the gateway refused the reply. It said: “{gateway}”.',
  'sandbox.try.title': 'Try it: a message arrives',
  'sandbox.try.intro': 'Play a contact writing to this sandbox device.',
  'sandbox.try.introNamed': 'Play a contact writing to {device}.',
  'sandbox.try.from': 'From (phone number)',
  'sandbox.try.message': 'Message',
  'sandbox.try.caption': 'Caption (optional)',
  'sandbox.try.media': 'With a file',
  'sandbox.try.media.none': 'None (text only)',
  'sandbox.try.submit': 'Deliver the message',
  'sandbox.try.replied': 'Auto-reply sent: {text}',
  'sandbox.try.noReply': 'No auto-reply matched this message.',
  'sandbox.try.webhook.onItsWay': 'A copy is on its way to the webhook address.',
  'sandbox.try.webhook.retrying':
    'A copy has not reached the webhook address yet; the sandbox tries again. Last attempt: {last}',
  'sandbox.try.webhook.delivered': 'A copy reached the webhook address ({answer}).',
  'sandbox.try.webhook.failed':
    'A copy did not reach the webhook address, and the sandbox has stopped trying. Last attempt: {last}',
  'sandbox.try.webhook.whereBelow': 'Its attempts are in the inspector below.',
  'sandbox.try.webhook.whereElsewhere': 'Its attempts are in the webhook inspector (Webhooks view).',
  // The opt-out list changes when Sender Desk reads the message from the relay, after this answer.
  'sandbox.try.optOutKeyword':
    '“{text}” is one of the opt-out keywords: this number goes on the opt-out list (if it is not on it already) once Sender Desk reads the message from the relay.',
  'sandbox.try.optInKeyword':
    '“{text}” is one of the opt-in keywords: this number comes off the opt-out list (if it is on it) once Sender Desk reads the message from the relay.',
  'sandbox.try.keywordNotReceiving':
    '“{text}” is one of the keywords customers reply with, but this device does not receive messages through Sender Desk: the opt-out list does not change.',
  'autoReplies.title': 'Auto-replies',
  'autoReplies.intro':
    'The gateway answers an incoming message that equals a keyword (capital letters and extra spaces aside) with your reply.',
  'autoReplies.add.title': 'Add an auto-reply',
  'autoReplies.add': 'Add auto-reply',
  'autoReplies.added': 'Added at the gateway.',
  'autoReplies.keyword': 'Keyword',
  'autoReplies.keyword.hint': 'For example: jam buka',
  'autoReplies.keyword.taken': '“{keyword}” already has an auto-reply: edit it instead.',
  'autoReplies.response': 'Reply',
  'autoReplies.list': 'Auto-replies at the gateway',
  'autoReplies.empty': 'No auto-replies yet.',
  'autoReplies.actionsFor': 'Actions for the keyword {keyword}',
  'autoReplies.edit': 'Edit',
  'autoReplies.delete.confirm': 'Delete the auto-reply for “{keyword}” at the gateway?',
  'reminders.title': 'Reminders',
  'reminders.intro': 'Messages that repeat: every day, week, month, year or every few days.',
  'reminders.new': 'New reminder',
  'reminders.keeper': 'Kept by',
  'reminders.keeper.gateway': 'The gateway',
  'reminders.keeper.local': 'Sender Desk (this computer)',
  'reminders.keeper.hint':
    'The gateway sends even when this computer is off, text only. Sender Desk can also send files, weekly, in any time zone.',
  'reminders.keeper.localOnly':
    "Files, weekly repeats and an end are kept by Sender Desk: the gateway's reminders take text only, no weekly period and no end.",
  'reminders.to': 'To (phone number)',
  'reminders.toMany': 'To (phone numbers, separated by commas)',
  'reminders.to.oneForGateway':
    'The gateway takes one number a reminder: keep one, or choose Sender Desk (this computer) to send to several.',
  'reminders.to.invalid': '“{entry}”: {problem}',
  'reminders.to.repeatsLeftOut':
    '{count, plural, one {# repeated number} other {# repeated numbers}} left out: each number gets it once.',
  'reminders.to.tooMany': '{count} numbers: a repeating message goes to {max} at most.',
  'reminders.titleLeftOut':
    'The title “{title}” is the gateway’s: a reminder kept by Sender Desk has none, so it is left out.',
  'reminders.titleField': 'Title (optional)',
  'reminders.files.hint': "Optional: the message becomes the first file's caption.",
  'reminders.files.tooMany':
    '{count, plural, one {# more file was} other {# more files were}} left out: a repeating message carries {max} files at most.',
  'reminders.gatewayClock': "On the gateway's clock ({zone} for most accounts).",
  'reminders.start.moved': 'Set as {typed}: the same moment is {shown}.',
  'reminders.passed.local':
    'This time has passed: it is {now} now. The first message goes at the next repeat, not at this time.',
  'reminders.passed.gateway':
    "This time has passed: it is {now} now on the gateway's clock. The gateway sends the first message at the next repeat, not at this time.",
  'reminders.repeat': 'Repeat',
  'reminders.repeat.daily': 'Every day',
  'reminders.repeat.weekly': 'Every week',
  'reminders.repeat.monthly': 'Every month',
  'reminders.repeat.yearly': 'Every year',
  'reminders.repeat.weeklyOn': 'Every week on {weekday}',
  'reminders.repeat.monthlyOn': 'Every month on day {day}',
  'reminders.repeat.monthlyOnLate': 'Every month on day {day}, or its last day when shorter',
  'reminders.repeat.yearlyOn': 'Every year on {date}',
  'reminders.repeat.everyN': 'Every few days',
  'reminders.every': 'Every {days, plural, one {day} other {# days}}',
  'reminders.days': 'Number of days',
  'reminders.end': 'Ends',
  'reminders.end.never': 'Never (until stopped)',
  'reminders.end.date': 'On a day',
  'reminders.end.times': 'After a number of times',
  'reminders.end.lastDate': 'Last day',
  'reminders.end.lastDate.hint': "That day included, on the series' clock ({zone}).",
  'reminders.end.count': 'Number of times',
  'reminders.end.beforeStart': 'The last day cannot be before the first time ({start}).',
  'reminders.end.dateMissing': 'Enter the last day.',
  'reminders.end.followedStart': 'Moved with the first day to {date}, keeping the length you chose.',
  'reminders.end.gatewayCannot.times':
    'The gateway cannot end a reminder after a number of times. Keep this one on this computer (Sender Desk) instead? The time you set stays as it is, in {zone}.',
  'reminders.end.gatewayCannot.date':
    'The gateway cannot end a reminder on a given day. Keep this one on this computer (Sender Desk) instead? The time you set stays as it is, in {zone}.',
  'reminders.end.keepOnComputer': 'Keep it on this computer',
  'reminders.create': 'Create reminder',
  'reminders.created.gateway': 'Saved at the gateway.',
  'reminders.created.local': 'Saved in Sender Desk.',
  'reminders.created.unconfirmed':
    "Sent to the gateway, but its answer was lost: it may be saved there. It is listed below as not confirmed; look for it in the gateway's dashboard before making it again.",
  'reminders.edit.repeatFixed':
    'Repeats: {repeat}. The gateway cannot change how often a reminder repeats: to change it, delete this reminder and create it again.',
  'reminders.sameAgain':
    'This reminder is already saved: a second one would send the same message twice each time. Change the number, the message or the time to make another.',
  'reminders.gatewayList': 'Kept by the gateway',
  'reminders.gatewayList.hint':
    'The gateway cannot list its reminders: these are the ones created from Sender Desk.',
  'reminders.empty': 'No reminders at the gateway for {device} yet.',
  'reminders.toLine': 'To {phone}',
  'reminders.startsLine': 'from {time}',
  'reminders.sandbox.none': 'The sandbox sends it first at {next}.',
  'reminders.sandbox.sent':
    'Sent by the sandbox {count, plural, one {once} other {# times}}, last at {last}; next at {next}.',
  'reminders.deviceLoggedOut':
    '{device} is logged out: the gateway cannot send this reminder until its QR code is scanned again.',
  'reminders.deviceNeedsScan':
    '{device} needs its QR code scanned: the gateway cannot send this reminder until then.',
  'reminders.actionsFor': 'Actions for the reminder to {phone}',
  'reminders.refresh': 'Ask the gateway',
  'reminders.refreshed': 'Up to date with the gateway.',
  'reminders.unconfirmed':
    "Not confirmed: the gateway's answer was lost as it was made, so it may be saved there and sending, under an id Sender Desk does not know. Look for it in the gateway's dashboard (delete it there to stop it), then forget it here. Making it again would send it twice.",
  'reminders.forget': 'Forget it here',
  'reminders.forget.confirm':
    "Forget this reminder here? Nothing is asked of the gateway: if it is saved there, it goes on sending until you delete it in the gateway's dashboard.",
  'reminders.forgotten': 'Forgotten here.',
  'reminders.saved': 'Saved at the gateway.',
  'reminders.delete.confirm': 'Delete this reminder at the gateway? It stops being sent.',
  'reminders.localList': 'Kept by Sender Desk',
  'reminders.localList.hint':
    'Each time it comes due, the messages go into the outbox and are sent from this computer.',
  'reminders.localEmpty': 'No recurring messages kept by Sender Desk for {device}.',
  'reminders.nextLine': 'next {time}',
  'reminders.madeSent':
    'Made {made, plural, one {# time} other {# times}}; {sent, plural, one {# message} other {# messages}} sent so far.',
  // QA70: "3 of 3 times" beside "Made 0 times": the times skipped (by Skip next or while closed) are said with those made.
  'reminders.madeSkippedSent':
    'Made {made, plural, one {# time} other {# times}}, skipped {skipped}; {sent, plural, one {# message} other {# messages}} sent so far.',
  'reminders.skippedClosed':
    '{count, plural, one {# time was} other {# times were}} skipped while Sender Desk was closed.',
  'reminders.lastLine': 'Last: {time}.',
  'reminders.stopped': 'stopped',
  'reminders.ended': 'ended',
  'reminders.until': 'until {date}',
  'reminders.timesOf': '{passed} of {times, plural, one {# time} other {# times}}',
  'reminders.stop': 'Stop',
  'reminders.series.stoppedDone': 'Stopped.',
  'reminders.series.actionsFor': 'Actions for the repeating message to {phone}: {rule}',
  'reminders.series.skipNext': 'Skip next',
  'reminders.series.skipIt': 'Skip it',
  'reminders.series.skipConfirm':
    'Skip the message of {time}? Nothing is sent then; the series goes on after it.',
  // A counted end counts the skipped time too (QA69: "1 of 3 times" beside "Made 0 times", unsaid).
  'reminders.series.skipCountedConfirm':
    'Skip the message of {time}? Nothing is sent then, and it counts as one of its {times} times; the series goes on after it.',
  'reminders.series.skipLastConfirm':
    'Skip the message of {time}? It is the last one: the series ends without sending it.',
  'reminders.series.skipped': 'Skipped. Next: {time}.',
  'reminders.series.skippedLast': 'Skipped. That was its last time: the series has ended.',
  'reminders.series.changeEnd': 'Change end',
  'reminders.series.changeEndLegend': 'When this recurring message ends',
  'reminders.series.saveEnd': 'Save end',
  'reminders.series.endSaved': 'End changed. Next: {time}.',
  'reminders.series.endSavedEnded': 'End changed: it has ended.',
  'reminders.series.cancelledPastEnd':
    '{count, plural, one {# message it made after the new end and had not sent is cancelled.} other {# messages it made after the new end and had not sent are cancelled.}}',
  'reminders.series.deleteConfirm': 'Delete this recurring message? No more messages are made.',
  'reminders.series.stopConfirm': 'Stop this recurring message? No more messages are made.',
  'reminders.series.madeUnsentAt':
    '{count, plural, one {# message} other {# messages}} already made for {time} {count, plural, one {has} other {have}} not gone yet.',
  'reminders.series.madeUnsentBetween':
    '{count, plural, one {# message} other {# messages}} already made for {first} to {last} {count, plural, one {has} other {have}} not gone yet.',
  'reminders.series.cancelMade':
    '{count, plural, one {Cancel it with the series} other {Cancel them with the series}}',
  'reminders.series.cancelledMade':
    '{count, plural, one {# message it had made is cancelled.} other {# messages it had made are cancelled.}}',
  'reminders.series.madeStillGoAt':
    '{count, plural, one {# message it had made still goes} other {# messages it had made still go}} (at {time}).',
  'reminders.series.madeStillGoFrom':
    '{count, plural, one {# message it had made still goes} other {# messages it had made still go}} (first at {time}).',
  'reminders.series.madeInOutbox':
    '{count, plural, one {It waits in the Outbox.} other {They wait in the Outbox.}}',
  'reminders.series.showInOutbox': 'Show in the Outbox',
  'devices.create': 'Create a new device',
  'newDevice.title': 'Create a new device',
  'newDevice.intro':
    "The gateway creates the device and an invoice to pay. It needs your account's token: an existing device's, or one you enter.",
  'newDevice.account': 'Order with the account of',
  'newDevice.account.hint': "The new device is billed to this device's gateway account.",
  'newDevice.account.other': 'Another gateway: enter its address and a token',
  'newDevice.token': 'Account token',
  'newDevice.name': 'Device name',
  'newDevice.phone': 'WhatsApp number for the device',
  'newDevice.phone.taken':
    '“{device}” sends from this number already: a new device for it makes a second invoice.',
  'newDevice.product': 'Package',
  'newDevice.product.lite': 'Lite',
  'newDevice.product.pro': 'Pro',
  'newDevice.product.enterprise': 'Enterprise',
  'newDevice.periode': 'Billing period',
  'newDevice.periode.monthly': 'Monthly',
  'newDevice.periode.yearly': 'Yearly',
  'newDevice.bank': 'Pay with',
  'newDevice.submit': 'Create device and invoice',
  'newDevice.orderAnyway': 'It is not there: order it anyway',
  'newDevice.creating': 'Creating…',
  'newDevice.invoice.title': 'Invoice',
  'newDevice.invoice.created': 'The gateway created the device and this invoice. Pay it by the date below.',
  'newDevice.invoice.number': 'Invoice number',
  'newDevice.invoice.device': 'Device',
  'newDevice.invoice.discount': 'Discount',
  'newDevice.invoice.total': 'Total to pay',
  'newDevice.invoice.due': 'Pay by',
  'newDevice.invoice.payTo': 'Pay to',
  'newDevice.linkNow': 'Link the new device',
  'newDevice.linkNow.body': '{label} was added to Sender Desk. Link it to its phone now.',
  'newDevice.payFirst':
    "When the invoice is paid, copy the new device's token from the gateway dashboard and add the device.",
  // ---- invoice history and last prices (issue 29) ----
  'newDevice.invoice.sentence': 'Pay {total} to {payTo} by {due}.',
  'newDevice.invoice.sentenceUnknown':
    'The gateway did not say how much to pay, where or by when: see its dashboard.',
  'newDevice.invoice.paid': 'Paid',
  'newDevice.invoice.paidUnknown':
    'Unknown: the gateway does not tell apps whether an invoice is paid. Check its dashboard.',
  'newDevice.price.last': 'Last invoice for {product}, {periode}: {total}, on {date}.',
  'newDevice.price.lastDiscount':
    'Last invoice for {product}, {periode}: {total} after a discount of {discount}, on {date}.',
  'newDevice.price.none':
    'The gateway publishes no price list: the price is on the invoice it makes when the device is created.',
  'invoices.title': 'Invoices',
  'invoices.intro':
    'Every invoice a gateway answered when Sender Desk ordered a device. The gateway cannot list them later, so they are kept on this computer.',
  'invoices.empty': 'No invoices yet: creating a device makes one.',
  'invoices.loading': 'Loading the invoices…',
  'invoices.heading': 'Invoice {number}',
  'invoices.noNumber': 'Invoice without a number',
  'invoices.ordered': 'Ordered',
  'invoices.gateway': 'Gateway',
  // ---- campaigns (issue 16) ----
  'campaigns.title': 'Campaigns',
  'campaigns.intro':
    'One message to many customers from a spreadsheet, paced to keep your number safe, with proof of what was sent.',
  'campaigns.list': 'Your campaigns',
  'campaigns.listFailed': 'Your campaigns could not be read: {why}',
  'campaigns.loading': 'Loading the campaign…',
  'campaigns.readFailed': 'This campaign could not be read: {why}',
  'campaigns.backToList': 'Back to your campaigns',
  'campaigns.draft.checking': 'Checking who got this message in the last 24 hours…',
  'campaigns.draft.setAsideAtStart':
    '{count, plural, one {# more was set aside: {reasons}.} other {# more were set aside: {reasons}.}}',
  'campaigns.draft.setAsideAtStartFirst':
    '{count, plural, one {# number was set aside at start: {reasons}.} other {# numbers were set aside at start: {reasons}.}}',
  'campaigns.draft.message': 'Its message, as written',
  'campaigns.draft.attachment': 'Sent with the file {name}',
  'campaigns.draft.rowFilesColumn': 'Each message is sent with the file its row names in {column}',
  'campaigns.draft.explain': 'This campaign has not started yet. Nothing is sent until you start it.',
  'campaigns.draft.attachAgain': 'Pick {name} again (a file picked before the app restarted is not kept)',
  'campaigns.draft.rowFilesAgain':
    'Pick the files named in {column} again (files picked before the app restarted are not kept)',
  'campaigns.new': 'New campaign',
  'campaigns.step.import': '1. Import a spreadsheet',
  'campaigns.step.mapping': '2. Columns',
  'campaigns.step.message': '3. Message and check',
  'campaigns.step.pacing': '4. Pacing and devices',
  'campaigns.step.confirm': '5. Confirm',
  'campaigns.file': 'Choose a spreadsheet',
  'campaigns.dropRest.attached': '{names} went to the message on Send.',
  'campaigns.dropRest.leftOut': 'Not added: {names} (one spreadsheet is imported at a time).',
  'campaigns.sheet': '{file}: {rows, plural, one {# row} other {# rows}} read ({format}).',
  'campaigns.readError.file': '{file}: {why}',
  'campaigns.readError.keptList': 'The list loaded is still {file}.',
  'campaigns.sheet.title':
    '{count, plural, one {Row} other {Rows}} {rows}: read as the sheet’s title, above its column names, and left out.',
  'campaigns.sheet.blank': '{count, plural, one {# blank row} other {# blank rows}} left out.',
  'campaigns.exportNote.blankRows':
    '{count, plural, one {# blank row} other {# blank rows}} of the sheet left out: not rows of the campaign, so not listed above.',
  'campaigns.sheet.csv': 'CSV, {encoding}, {separator}',
  'campaigns.sheet.xlsx': 'Excel, sheet “{sheet}”',
  'campaigns.separator.comma': 'separated by commas',
  'campaigns.separator.semicolon': 'separated by semicolons',
  'campaigns.separator.tab': 'separated by tabs',
  'campaigns.separator.other': 'separated by “{separator}”',
  'campaigns.mapping.remembered': 'Columns mapped as last time for this layout.',
  'campaigns.phoneColumn': 'Phone number column',
  'campaigns.variables': 'Columns usable in the message',
  'campaigns.attachment': 'Attach a file to every message',
  'campaigns.attachment.hint': 'Pick or drop one file; the message becomes its caption.',
  'campaigns.fileColumn': 'Column naming a file per row',
  'campaigns.fileColumn.none': 'None',
  'campaigns.nameColumn': 'Column with the contact’s name',
  'campaigns.nameColumn.hint':
    'Creating the campaign saves these names to your contacts, so the app shows names next to numbers. A name you gave a number yourself is never replaced.',
  'campaigns.rowFiles': 'Pick the files named in {column}',
  'campaigns.rowFiles.hint':
    'Pick or drop them all at once; each row gets the file its cell names, with the message as caption.',
  'campaigns.rowFiles.list': 'Picked files',
  'campaigns.template': 'Message',
  'campaigns.template.hint':
    'Use {column} for a value from the row and {spin} to vary the wording. *bold*, _italic_, ~strike~ work as in WhatsApp.',
  // The hint's examples when the sheet gives no column to name: words in the window's language.
  'campaigns.template.exampleColumn': 'Name',
  'campaigns.template.exampleSpin': 'Hello|Hi',
  'campaigns.summary': '{ready} ready, {skipped} skipped.',
  'campaigns.summary.why': '{ready} ready, {skipped} skipped ({reasons}).',
  'campaigns.skipped.noPhone': '{count} without a number',
  'campaigns.skipped.invalidPhone': '{count, plural, one {# invalid number} other {# invalid numbers}}',
  'campaigns.skipped.scientificPhone': '{count} cut off by Excel',
  'campaigns.skipped.duplicate': '{count, plural, one {# duplicate} other {# duplicates}}',
  'campaigns.skipped.missingVariable': '{count} with an empty column',
  'campaigns.skipped.tooLong': '{count} too long',
  'campaigns.skipped.optedOut': '{count} opted out',
  'campaigns.skipped.alreadySent': '{count} already sent',
  'campaigns.skipped.sentRecently': '{count} got this same message in the last 24 hours',
  'campaigns.skipped.sameMessageWaiting': '{count} already waiting to get this same message',
  'campaigns.skipped.sameMessageWaitingIn':
    '{count} already waiting to get this same message in “{campaign}”',
  'campaigns.skipped.missingFile': '{count} without their file',
  'campaigns.skipped.other': '{count} for another reason',
  'campaigns.skippedRows': 'Skipped rows',
  'campaigns.row': 'Row {row}',
  'campaigns.previewRow': 'Preview row',
  'campaigns.preview': 'Preview, exactly as it will be sent',
  'campaigns.problem.noPhone': 'no phone number',
  'campaigns.problem.invalidPhone': 'invalid number',
  'campaigns.problem.invalidPhoneCharacters':
    'invalid number: not digits (spaces, dashes and a leading + are fine)',
  'campaigns.problem.invalidPhonePrefix':
    'invalid number: start it with 08, 8, +62 or 62 (or + and the country code)',
  'campaigns.problem.invalidPhoneLength':
    'invalid number: wrong length for a mobile number (an Indonesian one has 10–13 digits)',
  'campaigns.problem.invalidPhoneNotMobile': 'not a mobile number: WhatsApp needs one',
  'campaigns.problem.scientificPhone': 'number cut off by Excel (scientific notation)',
  'campaigns.problem.duplicate': 'duplicate of row {row}',
  'campaigns.problem.missingVariable': 'empty in this row: {names}',
  'campaigns.problem.tooLong': 'message too long: {length} characters, the limit is {limit}',
  'campaigns.problem.optedOut': 'opted out',
  'campaigns.problem.alreadySent': 'already sent by this campaign',
  'campaigns.problem.sentRecently': 'got this same message from this app in the last 24 hours',
  'campaigns.problem.sameMessageWaiting': 'already waiting to get this same message from this app',
  'campaigns.problem.sameMessageWaitingIn': 'already waiting to get this same message in “{campaign}”',
  'campaigns.problem.missingFile': 'its file {name} was not picked',
  'campaigns.exportColumn.row': 'Row',
  'campaigns.exportColumn.phone': 'Phone',
  'campaigns.exportColumn.status': 'Status',
  'campaigns.exportColumn.gatewayId': 'Gateway id',
  'campaigns.exportColumn.device': 'Device',
  'campaigns.exportColumn.submittedAt': 'Submitted at',
  'campaigns.exportColumn.acceptedAt': 'Accepted at',
  'campaigns.exportColumn.sentAt': 'Sent at',
  'campaigns.exportColumn.deliveredAt': 'Delivered at',
  'campaigns.exportColumn.readAt': 'Read at',
  'campaigns.exportColumn.failedAt': 'Failed at',
  'campaigns.exportColumn.cancelledAt': 'Cancelled at',
  'campaigns.exportColumn.optedOutAt': 'Opted out at',
  'campaigns.exportColumn.cancelledAtGatewayAt': 'Cancelled at the gateway at',
  'campaigns.exportColumn.revokedAt': 'Deleted for everyone at',
  'campaigns.exportColumn.timeZone': 'Time zone of the times',
  'campaigns.exportColumn.reason': 'Reason',
  // QA73: a cancel with no note of its own, in the results' Reason (export.ts cancelReason).
  'campaigns.reason.cancelledWithCampaign': 'cancelled with the campaign',
  'campaigns.reason.cancelledByOperator': 'cancelled by the operator',
  'campaigns.exportColumn.problem': 'Problem',
  'campaigns.pacing.explain':
    'A random pause between sends, a longer pause after each batch, sending only in working hours and a daily cap per device keep a number from being banned.',
  'campaigns.pacing.minDelay': 'Shortest pause (seconds)',
  'campaigns.pacing.maxDelay': 'Longest pause (seconds)',
  'campaigns.pacing.batchSize': 'Batch size (sends)',
  'campaigns.pacing.batchPause': 'Pause after each batch (minutes)',
  'campaigns.pacing.dailyCap': 'This campaign’s sends per device per day',
  'campaigns.pacing.dailyCap.hint':
    'Counts only this campaign’s sends. A number’s limit across all its sends, other campaigns and direct sends too, is its daily cap in Devices.',
  'campaigns.pacing.anyTime': 'Send at any time of day',
  'campaigns.pacing.start': 'Working hours from',
  'campaigns.pacing.end': 'until',
  'campaigns.pacing.zone': 'Time zone of the working hours',
  // Worded as hours, not as sending (QA N22: "Sends between…" under "waiting for its working hours to open").
  'campaigns.hours': 'Sending hours: {start}–{end} {zone}',
  'campaigns.hours.any': 'Sending hours: any time of day',
  'campaigns.list.started': 'started {time}',
  'campaigns.list.created': 'created {time}',
  'campaigns.when.started': 'Started {started}',
  'campaigns.when.finished': 'Started {started} · finished {ended}',
  'campaigns.when.cancelled': 'Started {started} · cancelled {ended}',
  'campaigns.when.cancelledUnstarted': 'Cancelled {ended}, before it started',
  'campaigns.finish': 'Estimated end: {time}',
  'campaigns.late': 'Running behind its estimated end.',
  'campaigns.finishWaitsForQuota':
    'No estimated end while the gateway quota is spent: {waiting, plural, one {the # message left waits} other {the # messages left wait}} until the gateway package is renewed or topped up.',
  // The built-in sandbox has no package to renew or top up: its own panel tops up (device-status.ts, quotaToppedUpBy).
  'campaigns.finishWaitsForQuota.sandbox':
    'No estimated end while the gateway quota is spent: {waiting, plural, one {the # message left waits} other {the # messages left wait}} until the quota is topped up: “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  'campaigns.finishWaitsForQuota.mixed':
    'No estimated end while the gateway quota is spent: {waiting, plural, one {the # message left waits} other {the # messages left wait}} until each device’s quota is topped up: {gatewayDevices} by renewing or topping up the gateway package, {sandboxDevices} with “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  'campaigns.pacing.zone.hint': 'Hours, waits and the estimated end are on this clock.',
  'campaigns.pacing.edit': 'Change the pacing',
  'campaigns.pacing.editExplain':
    'The next send follows the new pacing; a wait already counting down is worked out again.',
  'campaigns.pacing.save': 'Save pacing',
  'campaigns.pacing.saved': 'Pacing saved: the next send follows it.',
  'campaigns.devices': 'Send from',
  'campaigns.name': 'Campaign name',
  'campaigns.nameTaken': 'A campaign named “{name}” already exists: the list will show both.',
  'campaigns.confirm': '{count, plural, one {# message} other {# messages}}; estimated to finish {finish}.',
  'campaigns.confirmQuota': '{count, plural, one {# message} other {# messages}}. {finish}',
  'campaigns.confirmNoEnd':
    '{count, plural, one {# message} other {# messages}}; the end cannot be estimated yet.',
  'campaigns.confirmNoEnd.noDevice':
    '{count, plural, one {# message} other {# messages}}; the end is estimated once a device to send from is ticked.',
  'campaigns.confirmNoEnd.noneSends':
    '{count, plural, one {# message} other {# messages}}; no end can be estimated while none of the chosen devices can send.',
  'campaigns.confirmNoEnd.pacing':
    '{count, plural, one {# message} other {# messages}}; the end is estimated once the pacing is corrected.',
  'campaigns.confirmWorking':
    '{count, plural, one {# message} other {# messages}}; the estimated end is being worked out for the pacing as it is now…',
  'campaigns.estimate.working': 'being worked out for the pacing as it is now…',
  'campaigns.start': 'Start sending {count, plural, one {# message} other {# messages}}',
  'campaigns.notice.autoPaused': 'Campaign "{name}" paused on one device',
  'campaigns.notice.deviceBack': 'Campaign "{name}" is still paused',
  'campaigns.pause': 'Pause',
  'campaigns.checkDeviceNow': 'Check {device} now',
  'campaigns.resumeOn': 'Resume on {device}',
  'campaigns.autoPause.resumeWhenBack':
    'It does not go on by itself: press Resume once the device is connected again.',
  'campaigns.autoPause.resumeWhenFixed': 'It does not go on by itself: once that is done, press Resume.',
  'campaigns.wait.goesOnWhenSendable': 'It goes on by itself once that is done.',
  'campaigns.cancel': 'Cancel the rest',
  'campaigns.cancelReport': '{cancelled, plural, one {# row cancelled} other {# rows cancelled}}; {past}.',
  'campaigns.cancelReport.noneLeft': 'none was already with the gateway',
  'campaigns.cancelReport.sent': '{n, plural, one {# was already sent} other {# were already sent}}',
  'campaigns.cancelReport.withGateway':
    '{n, plural, one {# was already with the gateway} other {# were already with the gateway}}',
  'campaigns.cancelReport.optedOut': '{n} had opted out during the campaign (not sent)',
  'campaigns.cancelReport.failed': '{n} had already failed',
  'campaigns.cancelReport.cancelledBefore':
    '{n, plural, one {# was cancelled before} other {# were cancelled before}}',
  'campaigns.cancelReport.cancelledAtGateway':
    '{n, plural, one {# was cancelled at the gateway} other {# were cancelled at the gateway}}',
  'campaigns.takeBack.open': 'Take back this campaign',
  'campaigns.takeBack.confirmTitle': 'Take back this campaign?',
  'campaigns.takeBack.held': 'Sending is paused while you decide: “{keep}” lets it go on.',
  'campaigns.takeBack.heldPartsStopped':
    'Nothing is sent while you decide; “{keep}” leaves it paused, as it was, until you resume it.',
  'campaigns.takeBack.revokeDelivered': 'Also delete the messages already sent, for everyone',
  'campaigns.takeBack.plan.stop': '{n} not sent yet will not be sent',
  'campaigns.takeBack.plan.cancel': '{n} waiting at the gateway will be cancelled there',
  'campaigns.takeBack.plan.revoke': '{n} already sent will be deleted for everyone',
  'campaigns.takeBack.neverSent':
    '{n} never sent (cancelled before {n, plural, one {it} other {they}} left, or opted out): nothing to take back',
  'campaigns.takeBack.revokeRead': '{n, plural, one {# of them was} other {# of them were}} already read.',
  // Before the operator confirms: a message on its way (being sent, or unverified) is followed up by the take-back, a
  // campaign's and a whole send's from its card, as their tally says after (tally.onItsWayFollowed).
  'campaigns.takeBack.onItsWay':
    '{count, plural, one {# on its way: taken back too once the gateway has it.} other {# on their way: taken back too once the gateway has them.}}',
  'campaigns.takeBack.cannot': 'Cannot be taken back:',
  'campaigns.takeBack.left.revokeNotAsked':
    '{n} already on WhatsApp (tick the box above to delete {n, plural, one {it} other {them}} for everyone)',
  'campaigns.takeBack.left.failedAtGateway':
    '{n} failed at the gateway: {n, plural, one {it} other {they}} reached nobody',
  'campaigns.takeBack.left.fateUnknown': '{n} whose fate is not known yet (being sent, or unverified)',
  'campaigns.takeBack.left.neverReachedGateway': '{n} failed before reaching the gateway',
  'campaigns.takeBack.left.cancelled': '{n} cancelled already',
  'campaigns.takeBack.left.cancelledAtGateway': '{n} cancelled at the gateway already',
  'campaigns.takeBack.left.revoked': '{n} deleted for everyone already',
  'campaigns.takeBack.left.alreadyAsked': '{n} asked by an earlier take-back',
  'campaigns.takeBack.left.optedOut': '{n} opted out before {n, plural, one {it was} other {they were}} sent',
  'campaigns.takeBack.confirm': 'Take back',
  'campaigns.takeBack.nothing': 'Nothing to take back.',
  'campaigns.takeBack.nothingUnlessTicked': 'Nothing to take back unless you tick the box above.',
  // The tally names only the parts that are not zero, joined with commas: '{parts}.'
  'campaigns.takeBack.tally': '{parts}.',
  'campaigns.takeBack.tally.stopped': '{n} cancelled before {n, plural, one {it} other {they}} left',
  'campaigns.takeBack.tally.cancelled': '{n} cancelled at the gateway',
  'campaigns.takeBack.tally.revoked': '{n} deleted for everyone',
  'campaigns.takeBack.tally.refused': '{n} refused by the gateway',
  'campaigns.takeBack.tally.pending': '{n} still to do',
  'campaigns.takeBack.tally.onItsWay':
    '{count, plural, one {# was on its way and was left as it was: if it went out, take back again to delete it.} other {# were on their way and were left as they were: those that went out, take back again to delete them.}}',
  // A campaign's take-back follows such a row up itself once the gateway turns out to have it (the core's follow-up).
  'campaigns.takeBack.tally.onItsWayFollowed':
    '{count, plural, one {# was on its way: once the gateway has it, it is taken back too.} other {# were on their way: once the gateway has them, they are taken back too.}}',
  'campaigns.takeBack.tally.nothing': 'Nothing was taken back.',
  // A take-back that found nothing to stop, cancel or delete: why, from what its messages are now ({why}: a list).
  'campaigns.takeBack.tally.nothingLeft': 'Nothing was left to take back: {why}.',
  'campaigns.takeBack.tally.left.revokeNotAsked':
    '{n} already on WhatsApp, not asked to be deleted for everyone',
  'campaigns.takeBack.waits.expired':
    '{n, plural, one {# waits} other {# wait}}: {device}’s subscription has ended; {n, plural, one {it} other {they}} will be taken back once it is renewed.',
  'campaigns.takeBack.waits.loggedOut':
    '{n, plural, one {# waits} other {# wait}}: {device} is logged out; {n, plural, one {it} other {they}} will be taken back once its QR code is scanned.',
  'campaigns.takeBack.waits.token':
    '{n, plural, one {# waits} other {# wait}}: the gateway does not accept {device}’s token; {n, plural, one {it} other {they}} will be taken back once a working token is entered.',
  'campaigns.takeBack.waits.unreachable':
    '{n, plural, one {# waits} other {# wait}}: the gateway of {device} cannot be reached; {n, plural, one {it} other {they}} will be taken back once it answers again.',
  'campaigns.takeBack.waits.notConnected':
    '{n, plural, one {# waits} other {# wait}}: {device} is not connected; {n, plural, one {it} other {they}} will be taken back once it is connected again.',
  'campaigns.takeBack.row.expired': 'To be taken back once {device}’s subscription is renewed',
  'campaigns.takeBack.row.loggedOut': 'To be taken back once {device}’s QR code is scanned',
  'campaigns.takeBack.row.token': 'To be taken back once a working token is entered for {device}',
  'campaigns.takeBack.row.unreachable': 'To be taken back once the gateway of {device} answers again',
  'campaigns.takeBack.row.notConnected': 'To be taken back once {device} is connected again',
  'campaigns.takeBack.row.pending': 'Being taken back',
  'campaigns.takeBack.warn.expired':
    '{n, plural, one {# of them is} other {# of them are}} on {device}, whose subscription has ended: {n, plural, one {it} other {they}} will be taken back once it is renewed.',
  'campaigns.takeBack.warn.loggedOut':
    '{n, plural, one {# of them is} other {# of them are}} on {device}, which is logged out: {n, plural, one {it} other {they}} will be taken back once its QR code is scanned.',
  'campaigns.takeBack.warn.token':
    '{n, plural, one {# of them is} other {# of them are}} on {device}, whose token the gateway does not accept: {n, plural, one {it} other {they}} will be taken back once a working token is entered.',
  'campaigns.takeBack.warn.unreachable':
    '{n, plural, one {# of them is} other {# of them are}} on {device}, whose gateway cannot be reached: {n, plural, one {it} other {they}} will be taken back once it answers again.',
  'campaigns.takeBack.warn.notConnected':
    '{n, plural, one {# of them is} other {# of them are}} on {device}, which is not connected: {n, plural, one {it} other {they}} will be taken back once it is connected again.',
  'campaigns.takeBack.refused': '{n} refused by the gateway: {why}',
  'campaigns.takeBack.unknown': '{n} unknown: {why}',
  'campaigns.takeBack.unread':
    'Its progress could not be read here: where each message stands shows in the campaign’s rows.',
  'campaigns.takeBack.readFailed': 'This campaign’s take-back could not be read: {why}',
  'campaigns.takeBack.loading': 'Loading the take-back…',
  'campaigns.export.csv': 'Export results (CSV)',
  'campaigns.export.xlsx': 'Export results (Excel)',
  'campaigns.export.skipped': 'Download skipped rows',
  'campaigns.export.progress': 'Exporting… {written} of {total, plural, one {# row} other {# rows}} written.',
  'campaigns.export.done': 'Results as of {time} exported to {file}.',
  'campaigns.export.skippedDone': 'Skipped rows saved to {file}.',
  /** The words after a campaign's name in its export files' names: "Bills - results.xlsx". */
  'campaigns.exportFile.results': 'results',
  'campaigns.exportFile.skipped': 'skipped rows',
  'campaigns.rows.title': 'Rows: status of each one',
  // In the sheet's own row numbers, as the Sheet row column (its first row holds the headings).
  'campaigns.rows.range':
    'Sheet rows {first}–{last} · {shown} of {total, plural, one {# row} other {# rows}}',
  'campaigns.rows.rangeOne': 'Sheet row {row} · 1 of {total, plural, one {# row} other {# rows}}',
  'campaigns.rows.failedOnly': 'Failed rows only ({count})',
  'campaigns.rows.rangeFailed':
    'Sheet rows {first}–{last} · {shown} of {total, plural, one {# failed row} other {# failed rows}}',
  'campaigns.rows.rangeOneFailed':
    'Sheet row {row} · 1 of {total, plural, one {# failed row} other {# failed rows}}',
  'campaigns.rows.noneFailed': 'No failed rows now.',
  'campaigns.rows.none': 'No rows.',
  'campaigns.rows.row': 'Sheet row',
  'campaigns.rows.phone': 'Number',
  'campaigns.rows.status': 'Status',
  'campaigns.rows.device': 'Device',
  'campaigns.rows.gatewayId': 'Gateway message id',
  'campaigns.rows.changedAt': 'Last change',
  'campaigns.rows.note': 'Reason',
  'campaigns.rows.optedOut': 'Opted out',
  'campaigns.rows.skipped': 'Skipped',
  'campaigns.rows.previous': 'Previous rows',
  'campaigns.rows.next': 'Next rows',
  'campaigns.count.queuedChecking': 'queued ({checking} being checked)',
  'campaigns.count.skippedOptedOut': 'skipped by the check ({count} of them opted out)',
  'campaigns.count.blank': 'blank rows of the sheet, left out',
  'campaigns.chart.titleInZone': 'Progress over time ({zone})',
  'campaigns.chart.oneInstant': 'Every change so far came at {time}.',
  'campaigns.chart.summary':
    'Rows ever sent: {sent}; ever delivered: {delivered}; ever read: {read}; ever failed: {failed}.',
  'campaigns.chart.everSent': 'ever sent',
  'campaigns.chart.everDelivered': 'ever delivered',
  'campaigns.chart.everRead': 'ever read',
  'campaigns.chart.everFailed': 'ever failed',
  'campaigns.optOuts.title': 'Opt-out list ({count})',
  'campaigns.optOuts.intro': 'Numbers on this list are skipped by every campaign and reported as opted out.',
  'campaigns.optOuts.add': 'Numbers to add (one per line or comma-separated)',
  'campaigns.optOuts.addButton': 'Add to the list',
  'campaigns.optOuts.import': 'Import a file…',
  'campaigns.optOuts.importConfirm':
    '{name} holds {count, plural, one {# number. Put it on the opt-out list? Every campaign skips it from now on, and its messages still waiting in campaigns are cancelled.} other {# numbers. Put them all on the opt-out list? Every campaign skips them from now on, and their messages still waiting in campaigns are cancelled.}}',
  'campaigns.optOuts.importConfirmButton': 'Put {count} on the list',
  'campaigns.optOuts.importInvalid':
    '{count, plural, one {# entry is not a valid number and is left out: {entries}.} other {# entries are not valid numbers and are left out: {entries}.}}',
  'campaigns.optOuts.importRepeated':
    '{count, plural, one {# number is written twice or more: it goes on once.} other {# numbers are written twice or more: each goes on once.}}',
  'campaigns.optOuts.importOtherCells':
    'Its other cells (headings, names, other columns such as a yes/no column) are not read: every number in the file goes on the list.',
  'campaigns.optOuts.export': 'Export (CSV)',
  'campaigns.optOuts.shownFirst': 'Showing the first {shown} of {count}. Export (CSV) lists them all.',
  'campaigns.optOuts.added': '{added} added.',
  // {entries}: the first few entries that were not numbers, as typed ('nope, 0812') or with invalidMore after them.
  // QA78: an entry such as "bukan-nomor" is not a number, so it is not "1 number was not valid".
  'campaigns.optOuts.addedSomeInvalid':
    '{added} added; {invalid, plural, one {# entry is not a phone number} other {# entries are not phone numbers}}: {entries}.',
  // After addedSomeInvalid when the numbers were typed: the box keeps those entries, one a line (QA78: it was emptied).
  'campaigns.optOuts.invalidInBox':
    '{count, plural, one {It is left in the box to be corrected.} other {They are left in the box to be corrected.}}',
  'campaigns.optOuts.invalidMore': '{entries} and {count} more',
  // {entries}: the first few pasted cells that were not numbers, as pasted ('Nama, Budi, Sari and 2 more').
  'campaigns.optOuts.pastedLeftOut':
    'Only the numbers were put in the box; {count, plural, one {# cell that is not a number was} other {# cells that are not numbers were}} left out: {entries}.',
  'campaigns.optOuts.alreadyListed': '{count, plural, one {# was} other {# were}} on the list already.',
  'campaigns.optOuts.repeated':
    '{count, plural, one {# number was} other {# numbers were}} written twice or more: added once.',
  'campaigns.optOuts.noNumbers': 'No numbers found in {name}.',
  'campaigns.optOuts.syncBackground': "They are being added to each device's gateway blacklist.",
  'campaigns.optOuts.syncFailed':
    'The gateway of {device} did not take them on its blacklist ({reason}); campaigns here still skip them.',
  'campaigns.optOuts.remove': 'Remove {phone} from the list',
  'campaigns.optOuts.removed': '{phone} taken off the list: campaigns can message this number again.',
  'campaigns.optOuts.how': '{how}, {time}',
  'campaigns.optOuts.source.operator': 'added here',
  'campaigns.optOuts.source.import': 'imported from a file',
  'campaigns.optOuts.source.outbox': 'added from the outbox',
  'campaigns.optOuts.source.keyword': 'replied with a stop word',
  'campaigns.optOuts.source.keywordWord': 'replied “{word}”',
  // QA11 (Q11-13): finding numbers on a long list, and taking several off at once (with a way back).
  'campaigns.optOuts.search': 'Search the list (name or number)',
  'campaigns.optOuts.matches': '{count, plural, one {# number matches} other {# numbers match}}.',
  'campaigns.optOuts.select': 'Select {phone}',
  'campaigns.optOuts.selectAll': 'Select all {count} on the list',
  'campaigns.optOuts.selectMatches': 'Select all {count} matches',
  'campaigns.optOuts.removeSelected': 'Take {count} off the list…',
  'campaigns.optOuts.confirmRemove':
    '{count, plural, one {Take # number off the opt-out list?} other {Take # numbers off the opt-out list?}} Campaigns will be able to message {count, plural, one {it} other {them}} again.',
  'campaigns.optOuts.confirmRemoveButton': 'Take {count} off',
  'campaigns.optOuts.removedMany':
    '{count, plural, one {# number} other {# numbers}} taken off the list: campaigns can message {count, plural, one {it} other {them}} again.',
  'campaigns.optOuts.undo': 'Undo: put back on the list',
  'campaigns.optOuts.restored': '{count, plural, one {# number} other {# numbers}} put back on the list.',
  // QA11 (Q11-12): the customer list (the contacts campaigns' name columns, the inbox and the operator fill).
  'customers.title': 'Customers',
  'customers.intro':
    "Names for numbers: a campaign's name column and Messages in add them too. A name given here is never replaced by one learnt later.",
  'customers.search': 'Search by the start of a name or number',
  'customers.none': 'No customers yet.',
  'customers.noMatch': 'No customer starts with “{search}”.',
  'customers.more': 'Show more',
  // The customer list narrowed to a campaign, and to who replied or opted out since it started.
  'customers.campaign': 'Campaign',
  'customers.campaignEvery': 'Every customer',
  'customers.since': 'Show',
  'customers.sinceEveryone': 'Everyone in its sheet',
  'customers.sinceReplied': 'Who replied since it started',
  'customers.sinceOptedOut': 'Who opted out since it started',
  'customers.inCampaign':
    '{count, plural, one {# customer was} other {# customers were}} in this campaign’s sheet (those it skipped too).',
  'customers.repliedSince':
    '{count, plural, one {# customer} other {# customers}} of this campaign’s sheet replied since it started.',
  'customers.optedOutSince':
    '{count, plural, one {# customer} other {# customers}} of this campaign’s sheet opted out since it started.',
  'customers.noneInCampaign': 'No customer was in this campaign’s sheet.',
  'customers.noneRepliedSince': 'No customer of this campaign’s sheet has replied since it started.',
  'customers.noneOptedOutSince': 'No customer of this campaign’s sheet has opted out since it started.',
  'customers.noMatchInCampaign': 'No customer in this campaign’s sheet starts with “{search}”.',
  'customers.optedOut': 'opted out',
  'customers.addTitle': 'Add a customer',
  'customers.phone': 'Phone number',
  'customers.name': 'Name',
  'customers.add': 'Add customer',
  'customers.phoneEmpty': 'Type the phone number.',
  'customers.nameProblem': 'Type a name of one line, at most {max} characters.',
  // QA17 (Q17-10): "is on the list" sat above "Opt-out list" and read as if the customer had opted out.
  'customers.added': '{name} ({phone}) added to your customers.',
  'customers.restored': '{name} ({phone}) added back to your customers.',
  // QA17 (Q17-01): an add on a number kept already asks before it renames that customer.
  'customers.keptAlready': '{phone} is kept already as {name}.',
  'customers.renameKept': 'Rename {name} to {newName}?',
  'customers.renameKeptButton': 'Rename to {newName}',
  'customers.keepName': 'Keep {name}',
  'customers.renamedFrom': 'Renamed {from} to {name}.',
  'customers.undoRename': 'Undo: name it {name} again',
  'customers.rename': 'Rename {name}',
  'customers.renameField': 'New name for {phone}',
  'customers.renamed': 'Renamed to {name}.',
  'customers.remove': 'Remove {name}',
  'customers.removed': '{name} ({phone}) removed from the customers.',
  'customers.renameButton': 'Rename',
  'customers.removeButton': 'Remove',
  'customers.undo': 'Undo: add {name} back',
  // Issue 27: a dropped spreadsheet, the campaign's import, pre-send summary, reading state and device budget.
  'campaigns.file.hint': 'Drop a CSV or Excel file (.csv, .xlsx) here, or choose one.',
  'campaigns.reading': 'Reading the spreadsheet…',
  'campaigns.reading.cancel': 'Stop reading',
  'campaigns.reading.stopped': 'Reading stopped; nothing was imported.',
  'campaigns.preview.skipped': 'Row {row} will not be sent: {reason}.',
  'campaigns.preview.headerRow': 'Row 1 is the sheet’s header: the rows to preview start at 2.',
  'campaigns.preview.notARow': '“{typed}” is no row number: type a row from 2.',
  'campaigns.preview.noRow': 'There is no row {row} to preview: it is blank or past the last row.',
  'campaigns.blocked.noMessage': 'Write the message to start.',
  'campaigns.blocked.templateError': 'Correct the message to start (see above).',
  'campaigns.blocked.checking': 'Checking the rows…',
  'campaigns.blocked.noneReady': 'No row is ready to send: see the skipped rows.',
  'campaigns.blocked.noDevice': 'Add a device to send from to start.',
  'campaigns.blocked.noneTicked': 'Tick a device to send from to start.',
  'campaigns.blocked.pacing': 'Correct the pacing to start (see above).',
  'campaigns.blocked.file': 'Replace the refused file to start.',
  'campaigns.devices.none': 'No device yet.',
  'campaigns.devices.add': 'Add a device',
  'campaigns.presend.title': 'Before you start',
  'campaigns.presend.recipients': 'Recipients',
  'campaigns.presend.skipped': 'Skipped rows',
  'campaigns.presend.skippedWhy': '{count} ({reasons})',
  'campaigns.presend.blank': 'Blank rows left out',
  'campaigns.presend.recent': 'Same message lately',
  'campaigns.presend.recentGot':
    '{count, plural, one {# recipient} other {# recipients}} got this exact message from this app in the last 24 hours.',
  'campaigns.presend.recentWaiting':
    '{count, plural, one {# recipient is} other {# recipients are}} already waiting to get this exact message from this app.',
  'campaigns.presend.recentWaitingIn':
    '{count, plural, one {# recipient is} other {# recipients are}} already waiting to get this exact message in “{campaign}”.',
  'campaigns.presend.recentLeaveOut': 'Leave them out',
  'campaigns.presend.recentSendAnyway': 'Send it to them again',
  'campaigns.presend.finish': 'Estimated end',
  'campaigns.presend.finishWaitsForQuota':
    'None while the gateway quota is spent: the messages wait until the gateway package is renewed or topped up.',
  'campaigns.presend.finishWaitsForQuota.sandbox':
    'None while the gateway quota is spent: the messages wait until the quota is topped up: “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  'campaigns.presend.finishWaitsForQuota.mixed':
    'None while the gateway quota is spent: the messages wait until each device’s quota is topped up: {gatewayDevices} by renewing or topping up the gateway package, {sandboxDevices} with “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  'campaigns.presend.finishPart':
    '{covered, plural, one {The # message the gateway quota covers finishes} other {The # messages the gateway quota covers finish}} about {time}; {waiting, plural, one {the other # waits} other {the other # wait}} until the gateway package is renewed or topped up.',
  'campaigns.presend.finishPart.sandbox':
    '{covered, plural, one {The # message the gateway quota covers finishes} other {The # messages the gateway quota covers finish}} about {time}; {waiting, plural, one {the other # waits} other {the other # wait}} until the quota is topped up: “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  'campaigns.presend.finishPart.mixed':
    '{covered, plural, one {The # message the gateway quota covers finishes} other {The # messages the gateway quota covers finish}} about {time}; {waiting, plural, one {the other # waits} other {the other # wait}} until each device’s quota is topped up: {gatewayDevices} by renewing or topping up the gateway package, {sandboxDevices} with “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  'campaigns.presend.finishPartUnknown':
    '{covered, plural, one {The # message the gateway quota covers has} other {The # messages the gateway quota covers have}} no estimated end yet; {waiting, plural, one {the other # waits} other {the other # wait}} until the gateway package is renewed or topped up.',
  'campaigns.presend.finishPartUnknown.sandbox':
    '{covered, plural, one {The # message the gateway quota covers has} other {The # messages the gateway quota covers have}} no estimated end yet; {waiting, plural, one {the other # waits} other {the other # wait}} until the quota is topped up: “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  'campaigns.presend.finishPartUnknown.mixed':
    '{covered, plural, one {The # message the gateway quota covers has} other {The # messages the gateway quota covers have}} no estimated end yet; {waiting, plural, one {the other # waits} other {the other # wait}} until each device’s quota is topped up: {gatewayDevices} by renewing or topping up the gateway package, {sandboxDevices} with “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  'campaigns.presend.finishNoDevice': 'Cannot be estimated until a device to send from is chosen.',
  'campaigns.presend.noDeviceSends':
    'None of the chosen devices can send now: the messages wait in the outbox, and no end can be estimated until one can.',
  'campaigns.presend.sendingPaused':
    'All sending is paused: nothing goes until you resume it, and the end moves by as long.',
  'campaigns.presend.message': 'Message',
  'campaigns.presend.exampleTo': 'Row {row}, to',
  'campaigns.presend.devices': 'Sending from',
  'campaigns.presend.device': '{label}: {budget}; {quota}',
  'campaigns.presend.budgetLeft': '{left} of this number’s daily cap of {cap} left today ({sent} used)',
  'campaigns.presend.budgetLeftQueued':
    '{left} of this number’s daily cap of {cap} left today ({sent} used, {queued} already queued by other sends)',
  'campaigns.presend.noCap':
    'this number has no daily cap of its own ({sent, plural, one {# send attempt} other {# send attempts}} today)',
  // Whose limit is whose: the campaign's own per device, beside each number's across all its sends (QA69: "at most 150 a
  // day" beside "no daily cap on this number" read as a contradiction).
  'campaigns.presend.campaignCap': 'Campaign’s daily limit',
  'campaigns.presend.campaignCapValue':
    'this campaign sends at most {cap} a day through each device, within each number’s own daily cap',
  'campaigns.presend.campaignCapAlone': 'this campaign sends at most {cap} a day through each device',
  'campaigns.presend.starts': 'Sending starts',
  // The campaign's hours before Start, as its page says them after (QA77 5c: only the end hinted at them).
  'campaigns.presend.hours': 'Sending hours',
  'campaigns.presend.hoursValue': '{start}–{end} {zone}',
  'campaigns.presend.hoursAny': 'any time of day',
  'campaigns.presend.hoursCarryOver':
    '{start}–{end} {zone}. Nothing is sent from {end} until {start}: the messages left at {end} wait for the next day, so the estimated end is on a later day.',
  'campaigns.presend.startsWhenOpen': 'when its working hours open, {time}',
  'campaigns.presend.startsAfterCap': 'when the daily cap allows it again, {time}',
  'campaigns.presend.quota': 'gateway quota {quota}',
  'campaigns.presend.quotaUnlimited': 'gateway quota unlimited',
  'campaigns.presend.quotaUnknown': 'gateway quota unknown',
  'campaigns.presend.shortfall':
    'The gateway quota covers {quota} of {count} messages: {short} short. Once it is spent the rest wait until the gateway package is renewed or topped up.',
  'campaigns.presend.shortfall.sandbox':
    'The gateway quota covers {quota} of {count} messages: {short} short. Once it is spent the rest wait until the quota is topped up: “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  'campaigns.presend.shortfall.mixed':
    'The gateway quota covers {quota} of {count} messages: {short} short. Once it is spent the rest wait until each device’s quota is topped up: {gatewayDevices} by renewing or topping up the gateway package, {sandboxDevices} with “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  // The set's quotas cover none of the messages (every one spent, QA49 Q49-05): none goes until one is topped up.
  'campaigns.presend.shortfallNone':
    'The gateway quota covers none of the {count, plural, one {# message} other {# messages}}: none can go until the gateway package is renewed or topped up.',
  'campaigns.presend.shortfallNone.sandbox':
    'The gateway quota covers none of the {count, plural, one {# message} other {# messages}}: none can go until the quota is topped up: “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  'campaigns.presend.shortfallNone.mixed':
    'The gateway quota covers none of the {count, plural, one {# message} other {# messages}}: none can go until a device’s quota is topped up: {gatewayDevices} by renewing or topping up the gateway package, {sandboxDevices} with “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  // Some quotas not known (none unlimited) and the known ones short of the messages: how many fall short is not known
  // (send-budget.ts, quotaShortfall), so no number short is said; then what tops a spent quota up.
  'campaigns.presend.shortfallUnknown':
    'The quotas known so far cover {covered} of {count} messages; {device}’s gateway quota is not known yet, so some messages may wait.',
  'campaigns.presend.shortfallUnknownMany':
    'The quotas known so far cover {covered} of {count} messages; the gateway quotas of {devices} are not known yet, so some messages may wait.',
  'campaigns.presend.shortfallDevices':
    'A device whose quota is spent sends nothing more until the gateway package is renewed or topped up.',
  'campaigns.presend.shortfallDevices.sandbox':
    'A device whose quota is spent sends nothing more until its quota is topped up: “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  'campaigns.presend.shortfallDevices.mixed':
    'A device whose quota is spent sends nothing more until it is topped up: {gatewayDevices} by renewing or topping up the gateway package, {sandboxDevices} with “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices).',
  // No device's quota known (send-budget.ts, quotaShortfall 'none_known'): nothing to count against; `devices`, how many.
  'campaigns.presend.quotaNotKnown':
    '{devices, plural, =1 {The gateway quota is not known} other {Quota not known for any device}}: the gateway may stop sending part-way.',
  // The devices whose quota runs out before their own part of the messages (send-budget.ts, QuotaRunOut), at most
  // three named ("runsOutDevice", joined as a list) and the rest counted ("runsOutMore").
  'campaigns.presend.runsOut': 'Per device: {devices}.',
  'campaigns.presend.runsOutDevice':
    '{device} runs out after {covers} of its {part, plural, one {# message} other {# messages}}',
  'campaigns.presend.runsOutMore':
    '{count, plural, one {# more device runs out too} other {# more devices run out too}}',
  // A device whose quota is already spent (QA49 Q49-05: not "runs out after 0"): a campaign's rotation gives its rows
  // to the devices still sending ("Others"), which wait when none has quota; a retry's wait for its own device.
  'campaigns.presend.runsOutSpentOthers':
    '{device} has no quota left (its {part, plural, one {# message goes to the others or waits} other {# messages go to the others or wait}})',
  'campaigns.presend.runsOutSpentWaits':
    '{device} has no quota left (its {part, plural, one {# message waits} other {# messages wait}})',
  'campaigns.presend.overBudget':
    "Today's daily caps allow {left} of {count}; the rest go on the following days.",
  'campaigns.presend.startAnyway': 'Start anyway',
  'campaigns.presend.starting': 'Starting the campaign: putting its messages in line…',
  'campaigns.presend.back': 'Go back',
  'campaigns.presend.split': 'Split: send {now} now, {later} later',
  'campaigns.presend.splitExplain':
    'Split starts {now, plural, one {the first ready row} other {the first # ready rows}} now and keeps the other {later} as a new draft campaign, "{name}", to start when the quota or the daily cap allows.',
  'campaigns.split.restName': '{name} (rest)',
  'campaigns.split.restNameAgain': '{name} (rest {n})',
  'campaigns.split.done':
    '{later, plural, one {The other row waits} other {The other # rows wait}} in the draft campaign "{name}": start it when the quota or the daily cap allows.',
  'campaigns.split.open': 'Open "{name}"',
  'campaigns.showInOutbox': 'Show in the Outbox',
  'campaigns.count.rows': '{rows, plural, one {# row} other {# rows}} in all',
  'campaigns.count.rowsBlank':
    '{rows, plural, one {# row} other {# rows}} in all, besides {blank, plural, one {# blank row} other {# blank rows}} of the sheet left out',
  'campaigns.announce': '{name} — {status}: {progress}.',
  'campaigns.cancel.confirm':
    'Cancel {count, plural, one {the message} other {the # messages}} not sent yet? This cannot be undone.',
  'campaigns.cancel.yes': 'Cancel {count, plural, one {# message} other {# messages}}',
  'campaigns.cancel.cancelling': 'Cancelling {count, plural, one {# message} other {# messages}}…',
  'campaigns.cancel.keep': 'Keep sending',
  // The cap's count, not "sent today": a message counts at its first try, taken by the gateway or not (issue 29).
  'devices.capToday': 'Daily cap today',
  'devices.capToday.capped': '{count} of {cap} used',
  // A cap reached (or set below what was tried today): both numbers, not "4 of 3 used" or "4 of 4 used".
  'devices.capToday.over':
    'cap reached: {count, plural, one {# send attempt} other {# send attempts}} against a cap of {cap}',
  'devices.capToday.uncapped': 'no cap · {count, plural, one {# send attempt} other {# send attempts}}',
  'devices.capToday.resets': 'count starts again {at}',
  'devices.gatewayHold': 'Sending is held: the gateway asked to slow down; next try at {until}',
  'devices.cap': 'Daily cap',
  'devices.cap.label': 'Most sends a day through this number',
  'devices.cap.hint':
    'A message counts when first tried, even if the gateway refuses it, across every campaign and direct send; empty for no cap.',
  'devices.cap.invalid': 'Enter a whole number of at least 1, or leave it empty.',
  'devices.cap.tooHigh': 'Enter a cap of at most {max} sends a day, or leave it empty.',
  'devices.cap.saved':
    '{cap, plural, one {At most # send a day} other {At most # sends a day}} through this number.',
  'devices.cap.savedAlreadyReached':
    '{cap, plural, one {At most # send a day} other {At most # sends a day}} through this number. Today already has {count, plural, one {# send attempt} other {# send attempts}} through it, so nothing more goes out from it until the count starts again {at}.',
  'devices.cap.cleared': 'No daily cap for this number.',
  // ---- end of issue 27 campaign keys ----
  // ---- end of campaigns ----
  // Security and bad days (issue 14): notices and refusals from the main process.
  // Inbox alerts (issue 26): new-message notices, unread counts, opt-out asks.
  'notice.message.noText': 'A file or a message without text',
  'notice.messages.fromOne': '{count} new messages from {from}',
  'notice.messages.fromMany': '{count} new messages from {customers} customers',
  'settings.doNotDisturb': 'Do not disturb',
  'settings.doNotDisturb.hint':
    "No notification for customers' new messages. The tray and the Messages in tab still count them.",
  'campaigns.optOutKeywords.title': 'Keywords customers reply with',
  'campaigns.optOutKeywords.intro':
    "A customer's message that is exactly one of these words (case, spaces and a closing “.” or “!” ignored) puts their number on the opt-out list, or takes it off again.",
  'campaigns.optOutKeywords.optOut': 'Opt-out keywords, one per line',
  'campaigns.optOutKeywords.optIn': 'Opt-in keywords, one per line',
  'campaigns.optOutKeywords.save': 'Save keywords',
  'campaigns.optOutKeywords.saved': 'Keywords saved.',
  'settings.optOutConfirmation': 'Reply to a customer who opts out',
  'settings.optOutConfirmation.hint':
    "Sent once, through the outbox, when a customer's STOP (or another opt-out keyword) puts their number on the opt-out list. Leave it empty to send nothing.",
  'send.optOutAsk.leaveOut': 'Leave them out',
  'send.optOutAsk.blacklisted':
    'Sender Desk puts every number on the opt-out list on the gateway’s blacklist, and the gateway refuses messages to those numbers. It is lifted when the customer writes an opt-in keyword (such as MULAI), or when you take the number off the opt-out list in Campaigns.',
  'desktop.error.allOptedOut': 'Every one of these numbers is on the opt-out list: nothing was queued.',
  'desktop.error.optedOutRecipients':
    '{count, plural, =1 {This number is} other {# of these numbers are}} on the opt-out list: {shown}.',
  'notice.diskFull.title': 'Disk full: sending paused',
  'notice.diskFull.body': 'Free some disk space and sending resumes by itself. Nothing was lost.',
  'send.fileChanged': '{name} changed after you added it; add it again.',
  // ---- Messages in: the relay's state, connecting a mailbox, "Receive messages" (issue 25) ----
  'desktop.error.relayRefused': 'The relay refused: {detail}.',
  // Nothing answered, so nothing refused: the cause, and where to look.
  'desktop.error.relayUnreachable': 'Cannot connect: {detail}. Check the address.',
  // QA30: this computer's own rule on the relay's address (no relay was asked), and an answer it cannot use.
  'desktop.error.relayAddress': 'Check the relay’s address: {detail}.',
  'desktop.error.relayUnusable': 'Cannot use this relay: {detail}.',
  'inbox.relayAddress.empty': 'enter it, for example https://relay.example.com',
  'inbox.relayAddress.notAUrl': 'it is not a web address; use the form https://relay.example.com',
  'inbox.relayAddress.scheme': 'it starts with https:// (http:// only for a relay on this computer)',
  'inbox.relayAddress.credentials': 'leave the user name and password out of it',
  'inbox.relayAddress.query': 'leave out “?” and what follows it',
  'inbox.relayAddress.insecureHttp':
    'plain http:// would send the pull token unencrypted; use https:// (http:// is only for a relay on this computer)',
  'inbox.fault.webhookUrlNotHttps':
    'it hands out webhook addresses on {host} that start with http://, which would carry the webhook secret unencrypted. Start the relay with --public-url and its https:// address',
  'inbox.fault.notARelay':
    '{host} answered HTTP {status}: it is not a Sender Desk relay. Check the address: a relay shows ok at {healthz}',
  'inbox.fault.notHttps':
    '{host} does not answer https:// (it speaks plain http); for a relay on this computer, use http://',
  'inbox.fault.relayPathUnknown': 'the relay has nothing at {path}: enter its address without the path',
  'inbox.fault.keyRefused': 'the relay refused this computer’s key (update Sender Desk or the relay)',
  'inbox.fault.relayErrorCode': 'the relay answered HTTP {status} ({code})',
  // The relay may have taken the new secret and only its answer was lost: not worded as a relay that is down.
  'desktop.error.rotateUnreachable':
    'The rotation is not finished: the relay’s answer did not come back ({detail}). This computer kept the new secret and asks the relay again by itself until it answers, so both end on the same one; the current addresses keep working meanwhile.',
  'desktop.error.pullTokenRotateUnreachable':
    'Cannot rotate the pull token: {detail}. The inbox keeps working: this computer kept the new token and tries it when the relay answers again. Rotate again then, to be sure the old one has stopped.',
  // A relay from before proposed secrets and tokens refuses them and changes nothing; only updating it mends that.
  'desktop.error.relayOutdatedSecret':
    'This relay is too old to rotate the webhook secret safely: update the relay, then rotate again. Nothing was changed: the current webhook addresses keep working.',
  'desktop.error.relayOutdatedPullToken':
    'This relay is too old to rotate the pull token safely: update the relay, then rotate again. Nothing was changed: the current token keeps working.',
  'desktop.error.localRelayFailed': 'The relay on this computer could not start: {detail}.',
  'desktop.error.mailboxConnected': 'A mailbox is already connected ({mailbox}).',
  'desktop.error.notReceiving':
    'This device does not receive messages through Sender Desk: there is nothing to undo.',
  'desktop.error.mailboxLocked': 'The mailbox’s keys cannot be read now: {reason}.',
  // Why the vault cannot give the mailbox's keys, by its cause (the device's words speak of a token): the reason of
  // the refusal above and of the Inbox's locked relay. The other causes read as the device's (desktop.device.lock).
  'inbox.lock.entryDamaged': 'the stored mailbox entry is damaged',
  'inbox.lock.fileDamaged': 'the token vault file is damaged and the mailbox’s entry could not be read',
  'inbox.lock.plainNotAllowed':
    'the mailbox’s keys are stored unencrypted, and weak token storage is not allowed in Settings',
  'inbox.lock.keyringChanged':
    'the mailbox’s keys were encrypted by {backend} but the keyring in use now is {now}',
  'inbox.lock.entryMismatch': 'the stored mailbox entry holds another entry’s keys',
  'desktop.error.noMailbox': 'No mailbox is connected yet: connect one on a relay first.',
  'desktop.error.mailboxUrlsUnknown':
    'This computer does not know the mailbox’s webhook addresses (it was connected by an older version): rotate the secret to get new ones.',
  'desktop.tray.relay': 'Messages in — relay: {state}',
  'relay.hint.full':
    'Messages posted now are lost. Free the relay: let this computer catch up, or raise the relay’s cap.',
  'relay.hint.near-full':
    'The relay will soon refuse new messages: keep this computer connected so it catches up.',
  // This computer cannot tell a relay it cannot reach from a relay that is down: the words hold for both. A relay that
  // is down refuses the gateway's webhooks, which the gateway retries a few times at most (packages/inbox-relay).
  'relay.hint.unreachable':
    'Sender Desk tries again by itself. Messages sent to you meanwhile wait on the relay if it is up and only this computer cannot reach it; if the relay itself is down, the gateway tries them only a few times, so they may be lost.',
  'relay.hint.auth-refused':
    'Sender Desk keeps trying by itself, and Messages in goes on once the relay takes this computer’s pull token again (a relay restarted, or a proxy or access layer in front of it, may refuse for a while). If the relay no longer knows this mailbox, connect a mailbox again below: messages still waiting on this mailbox stay there, unread by Sender Desk.',
  'relay.hint.auth-retrying':
    'The relay answered but refused this computer’s pull token. A proxy or access layer in front of it may refuse for a moment, so Sender Desk tries again by itself. If it keeps refusing after the last try, Sender Desk goes on trying every few minutes and offers to connect a mailbox again: first check that nothing in front of the relay blocks this computer, or ask whoever runs the relay whether the mailbox still exists.',
  'relay.hint.locked': 'Unlock the system keyring, then restart Sender Desk.',
  'relay.hint.failing': 'Sender Desk tries again by itself; check the free disk space.',
  'relay.hint.cursor-ahead':
    'The relay no longer has messages this computer already read. Connect a new mailbox to go on.',
  'inbox.title': 'Messages in',
  'inbox.relay.heading': 'Relay',
  'inbox.relay.lastPull': 'Last successful pull: {time}',
  'inbox.relay.neverPulled': 'No successful pull yet.',
  'inbox.relay.reason': 'Reason: {detail}',
  'inbox.relay.retryInSeconds': 'Next try in {seconds} s',
  'inbox.relay.retryInMinutes': 'Next try in {minutes} min',
  'inbox.relay.retryingNow': 'Trying again now…',
  'inbox.relay.tryNow': 'Try now',
  'inbox.relay.trying': 'Trying…',
  'inbox.relay.stillDown': 'Tried just now: the relay still cannot be reached.',
  'inbox.relay.stillRefused': 'Tried just now: the relay still refuses this computer’s pull token.',
  // What went wrong talking to a relay, as the core hands it (a key and values): the reason after "Reason:" or "The relay refused:".
  'inbox.fault.noAnswer': 'no answer within {seconds} s',
  'inbox.fault.stopped': 'stopped',
  // Without a cause of its own: the system's words ({reason}, "fetch failed") stay in the stored note, not in the text.
  'inbox.fault.connection': '{host} could not be reached',
  'inbox.fault.nameNotFound': 'no server answers at {host}',
  'inbox.fault.connectionRefused': '{host} takes no connections on its port',
  'inbox.fault.connectTimedOut': 'the connection to {host} timed out',
  'inbox.fault.tls': 'the secure connection to {host} failed (its certificate is not accepted)',
  'inbox.fault.httpStatus': 'the relay answered HTTP {status}',
  'inbox.fault.tooManyRequests': 'the relay asks to wait (too many requests)',
  'inbox.fault.unreadable': 'the relay’s answer cannot be read',
  'inbox.fault.conflictWithoutHead': 'the relay answered HTTP 409 without its newest event',
  'inbox.fault.ackStatus': 'the relay answered the acknowledgement with HTTP {status}',
  'inbox.fault.rotateStatus': 'the relay answered the rotation with HTTP {status}',
  'inbox.fault.needsCreationToken': 'the relay needs its creation token',
  'inbox.fault.creationTokenRefused': 'the relay refused the creation token',
  'inbox.fault.pullTokenRefused': 'the relay refused the pull token',
  'inbox.fault.cursorAhead': 'this computer read up to event {cursor}; the relay’s newest is {head}',
  // Where messages come through, in words; the mailbox's id (for support) behind a disclosure, to select or copy.
  'inbox.relay.where.here': 'Through the relay on this computer',
  'inbox.relay.where.host': 'Through the relay at {host}',
  'inbox.relay.mailbox.show': 'Mailbox id',
  'inbox.relay.mailbox.copy': 'Copy the mailbox id',
  'inbox.connect.heading': 'Connect a mailbox',
  'inbox.connect.intro':
    'Messages to your WhatsApp numbers reach Sender Desk through a relay that stays on while this computer sleeps (a Cloudflare Worker, or “sender-desk relay serve” on a server). Enter its address.',
  'inbox.connect.relayUrl': 'Relay address',
  'inbox.connect.creationToken': 'Creation token (if the relay asks for one)',
  'inbox.connect.insecure': 'Allow plain http:// to another computer (the pull token travels unencrypted)',
  'inbox.connect.submit': 'Connect',
  'inbox.connect.busy': 'Connecting…',
  'inbox.connect.again': 'Connect a mailbox again',
  'inbox.connect.another': 'Connect another mailbox',
  'inbox.switch.open': 'Use another relay',
  'inbox.switch.intro':
    'A new mailbox takes the place of this one. Messages still waiting on this relay stay there, unread by Sender Desk: switch once it reads “connected”, nothing waiting. Then turn on “Receive messages” again for each device.',
  // Switching does not change the gateway's webhook URLs: only "Receive messages" sets them (QA30 Q30-01).
  'inbox.switch.ask':
    'Replace the mailbox {devices} {count, plural, one {receives} other {receive}} through?',
  'inbox.switch.askDetail':
    'Until you turn on “Receive messages” again on the new mailbox, the gateway keeps posting {count, plural, one {its} other {their}} messages to the old mailbox, which Sender Desk no longer reads: they stay unread on the old relay.',
  'inbox.switch.replace': 'Replace the mailbox',
  'inbox.switch.keep': 'Keep this mailbox',
  'inbox.local.heading': 'Try it with the sandbox on this computer',
  'inbox.local.intro':
    'Sender Desk runs a relay on this computer while the app is open, and lets the sandbox post to it: nothing to sign up for or install. A real device needs a relay it can reach from the internet (below).',
  'inbox.local.again': 'Run the relay on this computer again',
  'inbox.local.againIntro':
    'It cannot be reached: its port was taken when Sender Desk started, or its folder was removed. A new mailbox on it takes the old one’s place; then turn on “Receive messages” for the sandbox device again.',
  'inbox.local.submit': 'Use a relay on this computer',
  'inbox.local.busy': 'Starting the relay…',
  'inbox.devices.heading': 'Receive messages',
  'inbox.devices.intro':
    'Per device: sets the gateway’s webhook URL and tracking URL to your mailbox and turns incoming messages on.',
  'inbox.devices.none': 'No device yet: add one under Devices.',
  'inbox.devices.receiving': 'Receiving since {time}',
  'inbox.devices.notReceiving': 'Not receiving through Sender Desk',
  'inbox.devices.mailboxLost': 'Not receiving: the relay no longer knows this mailbox',
  'inbox.devices.tokenRefused':
    'Waiting: the relay refuses this computer’s pull token; Sender Desk keeps trying',
  'inbox.devices.receive': 'Receive messages on {device}',
  'inbox.devices.undo': 'Undo on {device}',
  'inbox.devices.nowReceiving': '{device} now receives its messages here.',
  'inbox.devices.undone': 'The earlier settings are back on {device}.',
  'inbox.devices.notRestored':
    'Not put back: {what}. Sender Desk never knew what was there before: set what belongs there in the gateway’s dashboard.',
  'inbox.confirm.heading': 'Receive messages on {device}?',
  'inbox.confirm.sets':
    'Sender Desk sets this device’s webhook URL and tracking URL to your mailbox on {host}, and turns incoming messages on.',
  'inbox.confirm.replacesRemembered': 'It replaces what Sender Desk last saved ({time}):',
  'inbox.confirm.replacesSandbox': 'It replaces the current settings of {device}:',
  'inbox.confirm.dashboardSince':
    'A URL set in the gateway’s dashboard since then cannot be read back and will be replaced.',
  'inbox.confirm.replacesUnknown':
    'Sender Desk never saved webhook settings for this device: a URL set in the gateway’s dashboard cannot be read back and will be replaced.',
  'inbox.confirm.webhookUrl': 'Receive-message URL: {url}',
  'inbox.confirm.trackingUrl': 'Tracking URL: {url}',
  'inbox.confirm.incoming': 'Get incoming messages: {value}',
  'inbox.confirm.none': 'none',
  'inbox.confirm.on': 'on',
  'inbox.confirm.off': 'off',
  'inbox.confirm.undoNote': 'You can undo it.',
  'inbox.confirm.go': 'Receive messages',
  'inbox.deviceUrl.heading': 'Device-status webhook',
  'inbox.deviceUrl.intro':
    'The gateway sets this one only in its dashboard (Device → Setting): paste it there, so that a logged-out phone reaches Sender Desk at once.',
  'inbox.deviceUrl.sandbox':
    'The sandbox device gets it from Sender Desk, which stands in for its dashboard, when “Receive messages” is turned on. A hosted gateway sets it only in its dashboard (Device → Setting).',
  'inbox.deviceUrl.label': 'Device-status URL',
  'inbox.deviceUrl.copy': 'Copy the device-status URL',
  'inbox.rotate.heading': 'Webhook secret',
  'inbox.rotate.intro':
    'If a webhook address leaked, rotate the secret: the devices receiving here are set to the new addresses, and the old ones keep working for one day, time to paste the new device-status URL in the dashboard.',
  'inbox.rotate.pending':
    'The last rotation is not finished: the relay’s answer did not come back. Sender Desk asks the relay again by itself and then sets the new addresses on the devices; the current addresses keep working meanwhile, for up to a day.',
  'inbox.rotate.button': 'Rotate the secret',
  'inbox.rotate.confirm': 'Give the mailbox new webhook addresses now?',
  'inbox.rotate.go': 'Rotate',
  'inbox.rotate.stopOld':
    'Stop the old addresses at once (after a leak; the device-status URL then stops too until you paste the new one)',
  'inbox.rotate.done': 'New addresses set on {count, plural, one {# device} other {# devices}}.',
  'inbox.rotate.paste': 'Paste the new device-status URL in the dashboard.',
  'inbox.rotate.failed': 'Not set on {device}: {message}',
  'inbox.pullToken.heading': 'Pull token',
  'inbox.pullToken.intro':
    'The pull token lets this computer fetch and delete the mailbox’s messages on the relay. If it leaked (a copied data folder, a shared backup), rotate it: the relay takes a new token kept in this computer’s keychain, and the old one stops at once. The webhook addresses stay as they are.',
  'inbox.pullToken.button': 'Rotate the pull token',
  'inbox.pullToken.confirm':
    'Give the mailbox a new pull token now? Whoever holds the old one can no longer fetch or delete its messages. Nothing changes in the gateway.',
  'inbox.pullToken.go': 'Rotate the token',
  'inbox.pullToken.done': 'New pull token in use; the old one no longer works.',
  'inbox.messages.empty':
    'No message yet. Once a device sends its messages to the relay, they appear here, newest first.',
  'inbox.messages.emptySandbox':
    'No message yet. Play a customer writing to your sandbox device with “Try it: a message arrives” below: their message appears here.',
  'inbox.messages.emptyNoMailbox':
    'No message yet: connect a mailbox above, then turn on “Receive messages” for a device.',
  'inbox.messages.emptyNoDevice':
    'No device sends its messages here yet: turn on “Receive messages” for a device below.',
  'inbox.conversations.heading': 'Conversations',
  'inbox.conversations.more': 'Load more conversations',
  'inbox.conversations.noneFiltered': 'No conversation matches these filters.',
  'inbox.rowGone.left': 'The conversation you were on is no longer in this list.',
  'inbox.rowGone.toNext': 'You are on the next conversation.',
  'inbox.rowGone.toPrevious': 'You are on the previous conversation.',
  'inbox.rowGone.toHeading': 'You are on the Conversations heading.',
  'inbox.conversations.unread': '{count, plural, one {# unread message} other {# unread messages}}',
  // QA72: the operator's "Mark unread" with no message counted, as WhatsApp's "Mark as unread".
  'inbox.conversations.markedUnread': 'Marked unread',
  'inbox.conversations.withoutText': 'Message without text',
  'inbox.filter.unread': 'Unread only',
  'inbox.filter.answeredBy': 'Answered by «{keyword}» ✕',
  'inbox.filter.answeredByClear': 'Show every conversation again',
  'inbox.chatbot.heading': 'Chatbot',
  'inbox.chatbot.intro':
    "The gateway's auto-replies, with the conversations each answered in the last {days} days. Choose one to see those conversations.",
  'inbox.chatbot.rule':
    '«{keyword}»: {count, plural, =0 {no conversation} one {# conversation} other {# conversations}}',
  'inbox.chatbot.noneHere': 'No auto-replies. Add them in Auto-replies.',
  'inbox.chatbot.unreadHere': 'Its auto-replies could not be read from the gateway yet.',
  'inbox.chatbot.none': '{device} has no auto-replies. Add them in Auto-replies.',
  'inbox.chatbot.unread': 'The auto-replies of {device} could not be read from the gateway yet.',
  'inbox.thread.autoReply': 'Auto-reply «{keyword}» answered:',
  'inbox.filter.archived': 'Archived',
  'inbox.search.filtersApart':
    'The search looks through every conversation, archived and read ones too: the filters apply to the list.',
  'inbox.search.label':
    'Search messages (customers’ and your replies, by text or file name), names and numbers',
  'inbox.search.placeholder': 'Messages, replies, names, numbers',
  'inbox.search.found':
    '{conversations, plural, one {# conversation} other {# conversations}} and {messages, plural, one {# message} other {# messages}} found',
  'inbox.search.foundMore':
    '{conversations, plural, one {# conversation} other {# conversations}} and more than {messages, plural, one {# message} other {# messages}} found',
  'inbox.search.foundConversations':
    '{conversations, plural, one {# conversation} other {# conversations}} found',
  'inbox.search.foundMoreConversations':
    'More than {conversations, plural, one {# conversation} other {# conversations}} found',
  'inbox.search.foundMoreConversationsAndMessages':
    'More than {conversations, plural, one {# conversation} other {# conversations}} and {messages, plural, one {# message} other {# messages}} found',
  'inbox.search.foundMoreConversationsMoreMessages':
    'More than {conversations, plural, one {# conversation} other {# conversations}} and more than {messages, plural, one {# message} other {# messages}} found',
  'inbox.search.foundMessages': '{messages, plural, one {# message} other {# messages}} found',
  'inbox.search.foundMoreMessages': 'More than {messages, plural, one {# message} other {# messages}} found',
  'inbox.search.narrowConversations':
    'More conversations match: type more of the name or number to find the rest.',
  'inbox.search.busy': 'Searching…',
  'inbox.search.none': 'Nothing found.',
  'inbox.search.more': 'Show more messages',
  'inbox.search.reading':
    'Searching… {count, plural, one {# sent message} other {# sent messages}} read so far',
  'inbox.search.stop': 'Stop searching',
  'inbox.search.stoppedNone':
    'Search stopped after {count, plural, one {# sent message} other {# sent messages}}: no messages found so far.',
  'inbox.search.messages': 'Messages found',
  'inbox.thread.pick': 'Choose a conversation to read it and reply.',
  'inbox.thread.back': 'Back to conversations',
  'inbox.thread.unreadElsewhere':
    '{count, plural, one {# unread message} other {# unread messages}} in other conversations',
  'inbox.thread.more': 'More',
  'inbox.thread.toDevice': 'to {device}',
  'inbox.device.unknown': 'to a device not in Sender Desk ({device})',
  'inbox.device.unknownUnnamed': 'to a device not in Sender Desk',
  'inbox.thread.you': 'You',
  'inbox.thread.found': 'Found by the search',
  'inbox.row.youFailed': 'You, failed',
  'inbox.row.youCancelled': 'You, cancelled',
  'inbox.row.youOptedOut': 'You, not sent (opted out)',
  'inbox.row.youRevoked': 'You, deleted for everyone',
  'inbox.thread.markedRead': '{name}: marked read.',
  'inbox.thread.markedUnread': '{name}: marked unread.',
  'inbox.thread.markRead': 'Mark read',
  'inbox.thread.markUnread': 'Mark unread',
  'inbox.thread.archive': 'Archive',
  'inbox.thread.unarchive': 'Unarchive',
  'inbox.thread.name': 'Name…',
  'inbox.thread.rename': 'Rename…',
  'inbox.thread.nameHint':
    'Shown instead of the number here, in the Outbox and in the recipient suggestions, and listed in Customers; a campaign’s rows keep the names its sheet gave. A name you give is never replaced by one learnt later.',
  'inbox.thread.nameSave': 'Save the name',
  'inbox.thread.delete': 'Delete…',
  'inbox.thread.deleteConfirm':
    'Delete the conversation with {name}? Its messages and files are removed from this computer. What you sent stays in the Outbox; the contact’s name and any opt-out stay.',
  'inbox.thread.deleteYes': 'Delete conversation',
  'inbox.thread.deleteNo': 'Keep it',
  'inbox.arrived.one': 'New message from {name}',
  'inbox.arrived.several':
    'New messages from {count, plural, one {# customer} other {# customers}}, the latest from {name}',
  'inbox.thread.deleted':
    'Conversation with {name} deleted: {count, plural, one {# message} other {# messages}} removed from this computer.',
  'inbox.thread.earlier': 'Show earlier messages',
  'inbox.thread.later': 'Show later messages',
  'inbox.thread.beginning': 'This is where the conversation begins.',
  'inbox.thread.newBelow': '{count, plural, one {# new message} other {# new messages}}',
  'inbox.thread.entries': 'Messages in this conversation',
  'inbox.thread.readFailed': 'This conversation could not be read: {why}',
  'inbox.thread.goneElsewhere':
    'This conversation was deleted elsewhere (in the terminal or another window): nothing more can be sent from it.',
  'inbox.thread.empty': 'No messages in this conversation yet.',
  'inbox.thread.optedOut':
    'This message put the number on the opt-out list and the gateway’s blacklist: campaigns skip it, and the gateway refuses replies too until the customer writes an opt-in keyword (such as MULAI) or you take the number off the list.',
  'inbox.reply.optedOut': 'Not sent: {phone} is on the opt-out list, and the gateway refuses replies to it.',
  // QA79: also Send reply's description while it is off; said with how that is lifted (no dead end), and short: at
  // 360×640 it stays in sight above the box with Send's row.
  'inbox.reply.listed':
    '{phone} is on the opt-out list ({how}): the gateway refuses replies to it until the customer writes an opt-in keyword (such as MULAI) or you take it off the list in Campaigns.',
  'inbox.thread.optedIn': 'This message took the number off the opt-out list.',
  'inbox.media.pending': 'Downloading the {kind}…',
  'inbox.media.tooLarge': 'Not downloaded: this {kind} is larger than the {max} limit in Settings.',
  'inbox.media.failed': 'The {kind} could not be downloaded.',
  'inbox.media.refused.notHttp': 'Not downloaded: the {kind}’s link is not a web address.',
  'inbox.media.refused.otherOrigin':
    'Not downloaded: the {kind}’s link does not point to this device’s gateway, so it may not be safe.',
  'inbox.media.refused.unknownDevice':
    'Not downloaded: the {kind} came through a device Sender Desk does not know, so its link cannot be checked.',
  'inbox.media.retry': 'Try again',
  'inbox.media.image': 'Image from the customer',
  'inbox.media.enlarge': 'Show the image larger',
  'inbox.media.closeLarge': 'Close the large image',
  'inbox.media.save': 'Save a copy…',
  'inbox.media.unnamed': 'Unnamed file',
  'inbox.media.kind.image': 'image',
  'inbox.media.kind.document': 'document',
  'inbox.media.kind.video': 'video',
  'inbox.media.kind.audio': 'audio',
  'inbox.reply.heading': 'Reply',
  'inbox.reply.label': 'Your reply',
  'inbox.reply.hint':
    'Attach, drop or paste a file to send it with the text as its caption. Ctrl+Enter sends.',
  'inbox.reply.hintNoCaption': 'Attach, drop or paste a file to send it with the text. Ctrl+Enter sends.',
  'inbox.reply.attach': 'Attach a file…',
  'inbox.reply.preview': 'As WhatsApp shows it:',
  'inbox.reply.audioOwnMessage':
    'Audio files are sent without a caption: your text goes as its own message after the file.',
  'inbox.reply.previewOwnMessage': 'As WhatsApp shows it, as its own message after the file:',
  'inbox.reply.send': 'Send reply',
  'inbox.reply.sendFrom': 'Send reply from {device}',
  'inbox.reply.sending': 'Sending…',
  'inbox.reply.sent': 'Reply queued: its status shows in the conversation.',
  'inbox.reply.noDevice':
    'This conversation came through a device Sender Desk does not know, so it cannot reply from here.',
  'inbox.reply.removeFile': 'Remove {name}',
  'inbox.reply.fileEmpty': '{name} is empty.',
  'inbox.reply.fileTooLarge': '{name} is {size}; this device’s gateway takes files up to {max}.',
  'inbox.reply.fileRefused': '{name} cannot be sent.',
  'inbox.reply.fileBlocks': 'Remove {name} to send the reply, or attach another file.',
  'inbox.canned.label': 'Canned reply',
  'inbox.canned.insert': 'Insert',
  'inbox.canned.none': 'No canned replies for this device yet.',
  'inbox.canned.manage': 'Manage canned replies',
  'inbox.canned.missing': 'Not known for this contact, left as written: {variables}',
  'inbox.canned.heading': 'Canned replies of this device',
  'inbox.canned.edit': 'Edit {title}',
  'inbox.canned.remove': 'Remove {title}',
  'inbox.canned.title': 'Title',
  'inbox.canned.text': 'Text',
  'inbox.canned.variables': '{name} becomes the contact’s name, {number} their number.',
  'inbox.canned.added': 'Added “{title}”.',
  'inbox.canned.saved': 'Saved “{title}”.',
  'inbox.canned.removed': 'Removed “{title}”.',
  'inbox.canned.add': 'Add canned reply',
  'inbox.canned.saveChanges': 'Save changes',
  'inbox.canned.cancelEdit': 'Cancel editing'
} as const satisfies Record<string, string>

/** Every English string: the window's start strings and the rest. */
export const en = { ...enStart, ...enRest }

export type MessageKey = keyof typeof en
