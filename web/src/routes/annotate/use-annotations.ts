import { useCallback, useMemo, useReducer } from "react";
import type { Annotation, NewAnnotation } from "./annotation-model.js";

interface State {
  items: Annotation[];
  selectedId: number | null;
  nextId: number;
}

type Action =
  | { kind: "add"; annotation: NewAnnotation }
  | { kind: "replace"; annotation: Annotation }
  | { kind: "remove"; id: number }
  | { kind: "select"; id: number | null }
  | { kind: "clear" };

function reduce(state: State, action: Action): State {
  switch (action.kind) {
    case "add": {
      // A new annotation is selected, so that its text and colour can be changed at once.
      const annotation = { ...action.annotation, id: state.nextId };
      return { items: [...state.items, annotation], selectedId: annotation.id, nextId: state.nextId + 1 };
    }
    case "replace":
      return { ...state, items: state.items.map((a) => (a.id === action.annotation.id ? action.annotation : a)) };
    case "remove":
      return { ...state, items: state.items.filter((a) => a.id !== action.id), selectedId: state.selectedId === action.id ? null : state.selectedId };
    case "select":
      return { ...state, selectedId: action.id };
    case "clear":
      return { ...state, items: [], selectedId: null };
  }
}

/** The annotations placed so far and the one selected for editing, moving or deleting. */
export function useAnnotations() {
  const [state, dispatch] = useReducer(reduce, { items: [], selectedId: null, nextId: 1 });
  const add = useCallback((annotation: NewAnnotation) => dispatch({ kind: "add", annotation }), []);
  const replace = useCallback((annotation: Annotation) => dispatch({ kind: "replace", annotation }), []);
  const remove = useCallback((id: number) => dispatch({ kind: "remove", id }), []);
  const select = useCallback((id: number | null) => dispatch({ kind: "select", id }), []);
  const clear = useCallback(() => dispatch({ kind: "clear" }), []);
  const selected = useMemo(() => state.items.find((a) => a.id === state.selectedId), [state]);
  return { items: state.items, selected, add, replace, remove, select, clear };
}
