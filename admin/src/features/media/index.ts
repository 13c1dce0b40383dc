/**
 * The media feature's public face: for the editor, the image picker (images for the body, or one image such as the
 * feature image), the uploads of images dropped or pasted into the content, and one library image read by its
 * number with the file that previews it. The Media screen (media-page.tsx) is loaded on demand by the router.
 */
export { MediaPicker } from './media-picker.tsx';
export { DroppedUploads } from './dropped-uploads.tsx';
export { useImageDrop } from './use-image-drop.ts';
export { useMedia } from './api/get-media.ts';
export { fileUrl, thumbnailOf } from './media-texts.ts';
