// Runs the built main bundle (out/main/index.js) under plain Node with test/boot/electron-stand-in.js answering for
// `electron`, plays the steps named on the command line, and prints what the shell did as one JSON line.
// Usage: node test/boot/drive-main.js <step,step,…>   (SENDER_DESK_USER_DATA names the data folder)
import { EventEmitter } from 'node:events'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const standInUrl = pathToFileURL(join(import.meta.dirname, 'electron-stand-in.js')).href
// Synchronous hooks cover both the bundle's `import … from 'electron'` and electron-log's `require('electron')`.
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: standInUrl, format: 'module', shortCircuit: true }
    return nextResolve(specifier, context)
  }
})

const { app, control, record, ipcHandlers, trayClicks } = await import(standInUrl)
const steps = (process.argv[2] ?? '').split(',').filter(Boolean)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
// Wherever the shell put its data folder (SENDER_DESK_USER_DATA is honoured only when not packaged).
const logFile = () => join(app.getPath('userData'), 'logs', 'main.log')
const readLog = () => (existsSync(logFile()) ? readFileSync(logFile(), 'utf8') : '')

async function until(condition, what, ms = 20_000) {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

const result = { failure: null, log: '' }
try {
  await import(pathToFileURL(join(import.meta.dirname, '../../out/main/index.js')).href)
  for (const step of steps) {
    switch (step) {
      case 'ready':
        app.markReady()
        break
      case 'wait-started':
        await until(() => /Sender Desk \S+ started/.test(readLog()), 'the "started" log line')
        break
      case 'language-id': {
        // Settings → Language → Bahasa Indonesia, asked as the window asks (from the app's own page).
        const event = {
          sender: { isDestroyed: () => false },
          senderFrame: { url: 'app://renderer/index.html' }
        }
        const reply = await ipcHandlers.get('settings:update')(event, { language: 'id' })
        if (!reply?.ok) throw new Error(`settings:update refused: ${JSON.stringify(reply)}`)
        break
      }
      case 'settle':
        // Work the start left to run on its own (a worker thread starting) has had time to finish or fail.
        await sleep(500)
        break
      case 'second-instance':
        app.emit('second-instance', {}, ['sender-desk'], process.cwd())
        break
      case 'throw-late':
        setTimeout(() => {
          throw new Error('late failure in a timer')
        })
        await sleep(100)
        break
      case 'reject-late':
        void Promise.reject(new Error('late rejection nobody awaited'))
        await sleep(100)
        break
      case 'probe-permissions': {
        // What the session's handlers answer, as Chromium would ask them (request with details, check with origin).
        const ask = (permission, url) =>
          new Promise((resolve) =>
            record.permissionHandlers.request({ getURL: () => url }, permission, resolve, {
              requestingUrl: url
            })
          )
        result.permissions = {
          clipboardFromApp: await ask('clipboard-sanitized-write', 'app://renderer/index.html'),
          clipboardFromElsewhere: await ask('clipboard-sanitized-write', 'https://attacker.example/'),
          mediaFromApp: await ask('media', 'app://renderer/index.html'),
          checkClipboardFromApp: record.permissionHandlers.check(
            null,
            'clipboard-sanitized-write',
            'app://renderer'
          ),
          checkReadFromApp: record.permissionHandlers.check(null, 'clipboard-read', 'app://renderer')
        }
        break
      }
      case 'fetch-window': {
        // The window's page, asked from app:// as the window asks it (headers as the handler sends them).
        const response = await control.protocolHandlers.get('app')(new Request('app://renderer/index.html'))
        result.servedWindow = {
          status: response.status,
          csp: response.headers.get('content-security-policy'),
          page: await response.text()
        }
        break
      }
      case 'fetch-bad-escape': {
        // A malformed percent escape in the path: answered, never thrown out of the handler.
        try {
          const response = await control.protocolHandlers.get('app')(
            new Request('app://renderer/%E0%A4%A.js')
          )
          result.badEscape = { status: response.status }
        } catch (error) {
          result.badEscape = { thrown: String(error) }
        }
        break
      }
      case 'probe-web-contents': {
        // Some other web contents appears (a devtools page, a webview's guest): the app-wide guard must hold it.
        const contents = new EventEmitter()
        let openHandler = null
        const permissionHandlers = {}
        contents.setWindowOpenHandler = (handler) => (openHandler = handler)
        contents.getURL = () => 'https://attacker.example/'
        contents.session = {
          setPermissionRequestHandler: (handler) => (permissionHandlers.request = handler),
          setPermissionCheckHandler: (handler) => (permissionHandlers.check = handler)
        }
        app.emit('web-contents-created', {}, contents)
        const prevented = (event, ...args) => {
          let stopped = false
          contents.emit(
            event,
            { url: 'https://attacker.example/', preventDefault: () => (stopped = true) },
            ...args
          )
          return stopped
        }
        result.webContentsGuard = {
          newWindow: openHandler?.({ url: 'https://attacker.example/' }) ?? null,
          navigationStopped: prevented('will-navigate', 'https://attacker.example/'),
          redirectStopped: prevented('will-redirect', 'https://attacker.example/'),
          webviewStopped: prevented('will-attach-webview'),
          permissionGranted: await new Promise((resolve) =>
            permissionHandlers.request
              ? permissionHandlers.request(contents, 'media', resolve, {
                  requestingUrl: 'https://attacker.example/'
                })
              : resolve('no handler')
          ),
          permissionCheck:
            permissionHandlers.check?.(contents, 'geolocation', 'https://attacker.example') ?? 'no handler'
        }
        break
      }
      case 'quit':
        app.quit()
        break
      case 'wait-exit':
        await Promise.race([control.exited, sleep(20_000).then(() => Promise.reject(new Error('no exit')))])
        break
      default:
        // click-tray=<item id>: once the tray menu has that item, click it.
        if (step.startsWith('click-tray=')) {
          const id = step.slice('click-tray='.length)
          await until(() => trayClicks.has(id), `the tray item ${id}`)
          trayClicks.get(id)()
          await until(() => record.navigations.length > 0, 'the window asked to navigate', 5_000)
          break
        }
        throw new Error(`unknown step ${step}`)
    }
  }
} catch (error) {
  result.failure = String(error?.stack ?? error)
}
result.log = readLog()
result.userData = app.getPath('userData')
result.testHooks = '__senderDeskTest' in globalThis
result.logMode = existsSync(logFile()) ? (statSync(logFile()).mode & 0o777).toString(8) : null
const windows = record.windows.map(({ instance: _instance, ...entry }) => entry)
const { permissionHandlers: _handlers, ...plain } = record
process.stdout.write(JSON.stringify({ ...plain, windows, ...result }) + '\n')
process.exit(0)
