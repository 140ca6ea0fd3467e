import { createStore } from "./external-store.js";

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** One toast at a time, as the spec asks: a new toast replaces the one on screen. */
const store = createStore<ToastMessage | null>(null);
let nextId = 1;

export function toast(message: Omit<ToastMessage, "id">): void {
  store.set({ ...message, id: nextId++ });
}

export function dismissToast(): void {
  store.set(null);
}

export const useCurrentToast = store.use;
