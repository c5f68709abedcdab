// electron-builder configuration for the release installers: AppImage + deb (Linux), NSIS (Windows), dmg (macOS).
// Production builds are fully fused; electron-builder.test-build.js derives the one inspectable test artifact.
// better-sqlite3 13 carries Node-API prebuilds for every target: each installer keeps only its own, nothing is rebuilt.

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

/**
 * app.asar holds the electron-vite build, the icons the shell reads at runtime (out/main/../../resources/tray is
 * <asar>/resources/tray), package.json and the production node_modules.
 */
const appFiles = [
  'out/**/*',
  'resources/**/*',
  'package.json',
  // better-sqlite3: the app loads prebuilds/<target>.node. A local build/ (from an older checkout), the C sources
  // and the object files are of no use inside the app.
  '!node_modules/better-sqlite3/{build,deps,src}/**/*',
  '!node_modules/better-sqlite3/binding.gyp',
  '!**/*.{map,md}'
]

/**
 * better-sqlite3's prebuilds/ holds a binary per OS and arch (about 2 MB each); an installer keeps only its target's.
 * `${arch}` is the arch being packed; musl Linux (Alpine) loads linuxmusl-<arch>.
 */
const onlyPrebuildsFor = (...names) => [
  // A platform's `files` replaces the top-level list instead of adding to it.
  ...appFiles,
  `!node_modules/better-sqlite3/prebuilds/!(${names.map((name) => `${name}-\${arch}`).join('|')}).node`
]

/**
 * macOS: sign with the identity electron-builder finds (CSC_LINK / CSC_NAME); without one, sign ad hoc ('-'). An
 * unsigned arm64 app whose fuses were flipped is killed at launch ("Code Signature Invalid"). An ad-hoc signature
 * carries no Team ID, so hardened runtime's library validation would then reject Electron's own frameworks: it is
 * kept for real identities only (notarisation requires it there).
 */
export function macSigning(env = process.env) {
  const hasIdentity = Boolean(env.CSC_LINK || env.CSC_NAME)
  return hasIdentity ? { hardenedRuntime: true } : { identity: '-', hardenedRuntime: false }
}

const copyright = 'Copyright © Sender Desk contributors'

/** @type {import('electron-builder').Configuration} */
const config = {
  appId: 'id.senderdesk.app',
  productName: 'Sender Desk',
  copyright,
  artifactName: '${name}-${version}-${os}-${arch}.${ext}',
  directories: { output: 'dist', buildResources: 'build' },

  files: appFiles,
  // Native addons cannot be loaded from inside an archive.
  asarUnpack: ['**/*.node'],

  // Nothing to rebuild: better-sqlite3's Node-API prebuilds load in Electron as they are (a rebuild would need a
  // C++ toolchain for no gain).
  npmRebuild: false,

  electronFuses: productionFuses,

  linux: {
    target: ['AppImage', 'deb'],
    icon: 'resources/icon.png',
    category: 'Network',
    executableName: 'sender-desk',
    files: onlyPrebuildsFor('linux', 'linuxmusl'),
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
        // Electron sets the X11 WM_CLASS and the Wayland app_id from package.json's desktopName without
        // ".desktop" (sender-desk); the entry must say the same or the dock shows a second, generic icon.
        StartupWMClass: 'sender-desk'
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
    icon: 'resources/icon.png',
    files: onlyPrebuildsFor('win32')
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
    files: onlyPrebuildsFor('darwin'),
    ...macSigning(),
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
