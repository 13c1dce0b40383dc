/** The corrections feature's public face: the editor mounts this section. */
export { CorrectionsSection } from './corrections-section.tsx';
