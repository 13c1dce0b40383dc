/** The preview feature's public face: the editor mounts this panel. */
export { SharePreviewPanel } from './share-preview-panel.tsx';
