/**
 * The media feature's public face: for the editor, the image picker and the uploads of images dropped or pasted
 * into the content. The Media screen (media-page.tsx) is loaded on demand by the router.
 */
export { MediaPicker } from './media-picker.tsx';
export { DroppedUploads } from './dropped-uploads.tsx';
export { useImageDrop } from './use-image-drop.ts';
