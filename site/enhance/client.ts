/** The enhancement renderer in the browser: runs the island's function on its server markup, once. */
import type { Enhance } from './define.ts';

export default (element: HTMLElement) => (enhance: Enhance<unknown>, props: unknown) => {
  enhance(element, props);
};
