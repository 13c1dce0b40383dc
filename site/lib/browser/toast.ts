/**
 * Toasts: one visible at a time, shown for 5 seconds (paused while hovered or
 * focused), closed by their button or a swipe right of 50 px; F8 moves focus to the toast area.
 *
 * The area itself is static HTML in every page (BaseLayout's #toast-list inside a labelled region,
 * so the polite live region exists before anything is announced). This module draws into it with
 * plain DOM calls: it is loaded only by the islands that raise toasts, so pages without them ship
 * no JavaScript for it.
 */
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from 'content-schema/site';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const REGION_ID = 'toast-region';
const LIST_ID = 'toast-list';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Show a toast, replacing the one on screen. Returns a function that closes it. */
export function toast({ title, description, variant = 'default' }: ToastInput): () => void {
  const list = document.getElementById(LIST_ID);
  if (!list) return () => {};
  const destructive = variant === 'destructive';

  const item = element('li', `toast ${destructive ? 'toast-destructive' : ''}`);
  item.dataset.toast = variant;
  const body = element('div', 'grid gap-1');
  body.append(element('p', 'text-sm font-semibold', title));
  if (description) body.append(element('p', 'toast-description text-sm', description));
  const close = element('button', 'toast-close');
  close.type = 'button';
  close.setAttribute('aria-label', 'Close notification');
  close.textContent = '×';
  item.append(body, close);

  let timer = 0;
  const dismiss = () => {
    window.clearTimeout(timer);
    item.remove();
  };
  const start = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(dismiss, TOAST_DURATION_MS);
  };
  const pause = () => window.clearTimeout(timer);
  item.addEventListener('mouseenter', pause);
  item.addEventListener('mouseleave', start);
  item.addEventListener('focusin', pause);
  item.addEventListener('focusout', start);
  close.addEventListener('click', dismiss);

  let startX: number | null = null;
  item.addEventListener('pointerdown', (e) => {
    if (e.target === close) return;
    startX = e.clientX;
    item.setPointerCapture(e.pointerId);
  });
  const release = (e: PointerEvent) => {
    if (startX !== null && e.clientX - startX >= TOAST_SWIPE_THRESHOLD_PX) dismiss();
    startX = null;
  };
  item.addEventListener('pointerup', release);
  item.addEventListener('pointercancel', release);

  // One at a time: the newest replaces whatever is showing.
  list.replaceChildren(item);
  start();
  return dismiss;
}

function onKey(event: KeyboardEvent): void {
  if (event.key !== 'F8') return;
  event.preventDefault();
  document.getElementById(REGION_ID)?.focus();
}

if (typeof window !== 'undefined') window.addEventListener('keydown', onKey);
