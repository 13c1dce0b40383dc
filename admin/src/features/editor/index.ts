/** The editor feature's public face: its screen, and the dashboard's offer to restore unsaved working copies. */
export { EditorPage } from './editor-page.tsx';
export { UnsavedCopies } from './unsaved-copies.tsx';
