// What the window's start gets for shared/i18n/en (electron.vite.config.ts, englishAtStart): the start strings as
// `en`, English's built-in table until strings.ts's loadEnglish() adds the whole one after the shell.
export { enStart as en } from '../../../shared/i18n/en-start'
