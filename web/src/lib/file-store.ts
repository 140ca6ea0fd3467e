import { createStore } from "./external-store.js";

/**
 * The selected files, shared by the home page and the tool pages so that files chosen on the home page arrive on
 * the tool page the visitor picks. Actions: add (appended), remove one by position, clear all.
 */
const store = createStore<readonly File[]>([]);

export const fileStore = {
  add: (added: readonly File[]) => store.set([...store.get(), ...added]),
  removeAt: (index: number) => store.set(store.get().filter((_, i) => i !== index)),
  clear: () => store.set([]),
  get: store.get,
};

export const useSelectedFiles = store.use;
