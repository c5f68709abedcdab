// Timeline notes in the operator's language, with every language's strings (the main process's door: the window
// imports note-text.ts and loads its operator's language on demand). The functions live in note-text.ts.
import './index'

export * from './note-text'
