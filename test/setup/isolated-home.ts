// Every node-side test runs with a home folder of its own: a command that falls back on `~/.sender-desk` (the CLI
// without --data-dir) must never open, migrate or write the operator's real data, nor find what another run left
// there. This once let an older branch's database in the real home fail a migration and five CLI suites with it.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const home = mkdtempSync(join(tmpdir(), 'sd-test-home-'))
process.env['HOME'] = home
process.env['USERPROFILE'] = home
