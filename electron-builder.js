// electron-builder configuration for the release installers: AppImage + deb (Linux), NSIS (Windows), dmg (macOS).
// Production builds are fully fused; electron-builder.test-build.js derives the one inspectable test artifact.
// better-sqlite3 for Electron's ABI is built by scripts/native-modules.js before each arch is packaged.
import { Arch } from 'electron-builder'
import { ensureNativeModules } from './scripts/native-modules.js'

const projectDir = import.meta.dirname

/**
 * Every Electron fuse, stated explicitly: electron-builder leaves an unset fuse at Electron's default.
 * test/packaging/builder-config.test.ts fails when electron-builder or @electron/fuses know a fuse this list lacks.
 */
export const productionFuses = Object.freeze({
  // ELECTRON_RUN_AS_NODE would turn the signed app into a general-purpose Node interpreter.
  runAsNode: false,
  // NODE_OPTIONS and NODE_EXTRA_CA_CERTS could inject code, or trust, into the process that holds the tokens.
  enableNodeOptionsEnvironmentVariable: false,
  // --inspect and SIGUSR1 would open a debugger on that process. The test build turns this one on for Playwright.
  enableNodeCliInspectArguments: false,
  // App code comes only from app.asar, never from a loose `app/` folder placed next to it.
  onlyLoadAppFromAsar: true,
  // macOS and Windows check app.asar against the hash electron-builder embeds (Linux has no such check).
  enableEmbeddedAsarIntegrityValidation: true,
  // Chromium's cookie store is encrypted with the OS keychain, as in Chrome.
  enableCookieEncryption: true,
  // file:// pages get no more than in a browser. The renderer must then be served from a custom scheme:
  // with `loadFile` (file://) its module scripts inside app.asar do not load.
  grantFileProtocolExtraPrivileges: false,
  // We ship no browser-process-specific V8 snapshot; every process keeps the default one.
  loadBrowserProcessSpecificV8Snapshot: false
})

/** beforePack: build (or reuse) better-sqlite3 for Electron's ABI and the platform and arch being packaged. */
async function buildNativeModulesForTarget(context) {
  await ensureNativeModules({
    mode: 'package',
    projectDir,
    platform: context.electronPlatformName === 'mas' ? 'darwin' : context.electronPlatformName,
    arch: Arch[context.arch]
  })
}

/** afterAllArtifactBuild: after packaging another arch, put back the binding `npm start` needs on this machine. */
async function restoreHostNativeModules() {
  await ensureNativeModules({ mode: 'postinstall', projectDir })
  return []
}

const copyright = 'Copyright © Sender Desk contributors'

/** @type {import('electron-builder').Configuration} */
const config = {
  appId: 'id.senderdesk.app',
  productName: 'Sender Desk',
  copyright,
  artifactName: '${name}-${version}-${os}-${arch}.${ext}',
  directories: { output: 'dist', buildResources: 'build' },

  // app.asar holds the electron-vite build, the icons the shell reads at runtime (out/main/../../resources/tray is
  // <asar>/resources/tray), package.json and the production node_modules.
  files: [
    'out/**/*',
    'resources/**/*',
    'package.json',
    // better-sqlite3: the app loads build-electron/better_sqlite3.node. The Node-ABI build in build/, the C sources
    // and the object files are of no use inside the app.
    '!node_modules/better-sqlite3/{build,deps,src}/**/*',
    '!node_modules/better-sqlite3/binding.gyp',
    '!**/*.{map,md}'
  ],
  // Native addons cannot be loaded from inside an archive.
  asarUnpack: ['**/*.node'],

  // electron-builder's own rebuild (install-app-deps) would recompile node_modules/better-sqlite3/build/Release for
  // Electron in place and break `npm test` and the CLI until the next rebuild. beforePack builds a separate copy.
  npmRebuild: false,
  beforePack: buildNativeModulesForTarget,
  afterAllArtifactBuild: restoreHostNativeModules,

  electronFuses: productionFuses,

  linux: {
    target: ['AppImage', 'deb'],
    icon: 'resources/icon.png',
    category: 'Network',
    executableName: 'sender-desk',
    synopsis: 'Tray app for WhatsApp gateway operators',
    description:
      'Link sender numbers to a Wablas-compatible WhatsApp gateway, keep them connected and send through a durable offline outbox.',
    maintainer: 'Sender Desk contributors <maintainers@senderdesk.id>',
    vendor: 'Sender Desk contributors',
    desktop: {
      entry: {
        Name: 'Sender Desk',
        GenericName: 'WhatsApp gateway sender',
        Comment: 'Send WhatsApp messages and files through your gateway',
        Categories: 'Network;InstantMessaging;',
        Keywords: 'whatsapp;wablas;gateway;outbox;',
        StartupWMClass: 'Sender Desk'
      }
    }
  },
  deb: {
    // electron-builder's defaults, stated so the list is reviewable, plus what Chromium needs on minimal systems.
    // libsecret-1-0 is how safeStorage reaches the desktop keyring (GNOME Keyring or KWallet) to protect tokens.
    depends: [
      'libgtk-3-0',
      'libnotify4',
      'libnss3',
      'libxss1',
      'libxtst6',
      'xdg-utils',
      'libatspi2.0-0',
      'libuuid1',
      'libgbm1',
      'libasound2',
      'libsecret-1-0'
    ],
    artifactName: '${name}_${version}_${arch}.${ext}'
  },
  appImage: { category: 'Network' },

  win: {
    target: [{ target: 'nsis', arch: ['x64'] }],
    icon: 'resources/icon.png'
  },
  nsis: {
    // Per-user, one click: no administrator prompt; installs under %LOCALAPPDATA%\Programs\Sender Desk.
    oneClick: true,
    perMachine: false,
    allowElevation: false,
    createDesktopShortcut: true,
    createStartMenuShortcut: true,
    shortcutName: 'Sender Desk',
    runAfterFinish: true,
    // The operator's data (outbox, attachments, tokens) survives an uninstall; the README says how to remove it.
    deleteAppDataOnUninstall: false,
    artifactName: '${name}-${version}-setup-${arch}.${ext}'
  },

  mac: {
    target: [{ target: 'dmg', arch: ['x64', 'arm64'] }],
    icon: 'resources/icon.png',
    category: 'public.app-category.productivity',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    extendInfo: { NSHumanReadableCopyright: copyright }
  },
  dmg: {
    artifactName: '${name}-${version}-${arch}.${ext}'
  }
}

export default config
