// The one inspectable build, for Playwright's `_electron` end-to-end tests (desktop-lessons pitfall 8): identical to
// the release configuration except that Node's --inspect arguments are honoured, and it lands in dist/test-build with
// "-test-build" in every artifact name so it can never be mistaken for a release. Usage: `npm run dist:test`.
import production, { productionFuses } from './electron-builder.js'

/** @type {import('electron-builder').Configuration} */
const config = {
  ...production,
  artifactName: '${name}-${version}-test-build-${os}-${arch}.${ext}',
  directories: { ...production.directories, output: 'dist/test-build' },
  electronFuses: { ...productionFuses, enableNodeCliInspectArguments: true },
  deb: { ...production.deb, artifactName: '${name}_${version}_test-build_${arch}.${ext}' },
  nsis: { ...production.nsis, artifactName: '${name}-${version}-test-build-setup-${arch}.${ext}' },
  dmg: { ...production.dmg, artifactName: '${name}-${version}-test-build-${arch}.${ext}' }
}

export default config
