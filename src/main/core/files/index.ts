// File handles' public surface: files the operator dropped, checked and pinned until a send copies them.
export { FileHandles, formatSize } from './file-handles'
export type { FileHandlesOptions, FileRejectionInfo, RegisteredFile } from './file-handles'
export { detectFileType, sendableName } from './file-type'
export type { DetectedType } from './file-type'
