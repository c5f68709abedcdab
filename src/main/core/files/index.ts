// File handles' public surface: files the operator dropped, checked and pinned until a send copies them.
export { FileHandles } from './file-handles'
export type { FileHandlesOptions, FileRejectionInfo, RegisteredFile } from './file-handles'
export { detectFileType, ftypBrand, sendableName } from './file-type'
export { compoundFileStreams } from './compound-file'
export type { DetectedType } from './file-type'
export { FileChangedError, openPinned, pinFile, readPinned } from './pinned-file'
export type { FileIdentity } from './pinned-file'
