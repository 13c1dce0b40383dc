import { create } from 'zustand';
import { TOAST_LIMIT } from 'content-schema/site';

export type ToastVariant = 'default' | 'destructive';

export interface ToastMessage {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant | undefined;
}

interface ToastEntry extends ToastMessage {
  id: number;
  open: boolean;
}

interface ToastState {
  toasts: ToastEntry[];
  show: (message: ToastMessage) => void;
  close: (id: number) => void;
  remove: (id: number) => void;
}

let nextId = 1;

/** Toast queue: one toast at a time, so a new one replaces the visible one. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (message) =>
    set((state) => ({ toasts: [{ ...message, id: nextId++, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) })),
  close: (id) => set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) })),
  remove: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast from anywhere, including outside React (the query client's handlers). */
export function toast(message: ToastMessage): void {
  useToastStore.getState().show(message);
}
