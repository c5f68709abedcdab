// Private files' public surface: JSON and text files only the current user can read, replaced atomically.
export {
  PRIVATE_FILE_MODE,
  readJsonFile,
  writeJsonAtomic,
  writeFileAtomic,
  setAside,
  CorruptFileError,
  unreadableJsonReason
} from './private-file'
