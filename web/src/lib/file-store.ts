import { createStore } from "./external-store.js";

/**
 * The selected files, shared by the home page and the tool pages so that files chosen on the home page arrive on
 * the tool page the visitor picks. Actions: add (appended), remove one by position, move one to another position,
 * clear all.
 */
const store = createStore<readonly File[]>([]);

export const fileStore = {
  add: (added: readonly File[]) => store.set([...store.get(), ...added]),
  removeAt: (index: number) => store.set(store.get().filter((_, i) => i !== index)),
  move(from: number, to: number) {
    const files = [...store.get()];
    const [moved] = files.splice(from, 1);
    if (moved === undefined) return;
    files.splice(to, 0, moved);
    store.set(files);
  },
  clear: () => store.set([]),
  get: store.get,
};

export const useSelectedFiles = store.use;
