import { closestCorners, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { fileStore } from "../../lib/file-store.js";
import { FileRowContent, fileListStyles, fileRowStyles } from "./FileRow.js";

/** A lasting id per selected file, so that a row keeps its identity while it moves. */
const ids = new WeakMap<File, string>();
let nextId = 0;
function idOf(file: File): string {
  let id = ids.get(file);
  if (!id) {
    id = `file-${++nextId}`;
    ids.set(file, id);
  }
  return id;
}

function SortableRow({ file, index }: { file: File; index: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useSortable({ id: idOf(file) });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Move ${file.name}`}
      className="cursor-grab touch-none rounded-md p-1 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
      data-testid="move-handle"
    >
      <GripVertical className="h-4 w-4" aria-hidden="true" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={`${fileRowStyles} bg-white dark:bg-slate-900 ${isDragging ? "relative z-10 shadow-md" : ""}`}
    >
      <FileRowContent file={file} index={index} handle={handle} />
    </li>
  );
}

/** What a screen reader hears while a file is moved: its name and the position it would take. */
function announcementsFor(files: readonly File[]): Announcements {
  const nameOf = (id: UniqueIdentifier) => files.find((file) => idOf(file) === id)?.name ?? "The file";
  const positionOf = (id: UniqueIdentifier) => files.findIndex((file) => idOf(file) === id) + 1;
  const where = (id?: UniqueIdentifier) => (id === undefined ? "outside the list" : `at position ${positionOf(id)} of ${files.length}`);
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${where(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) => `${nameOf(active.id)} is ${where(over?.id)}.`,
    onDragEnd: ({ active, over }) => `${nameOf(active.id)} was dropped ${where(over?.id)}.`,
    onDragCancel: ({ active }) => `Moving was cancelled. ${nameOf(active.id)} is back ${where(active.id)}.`,
  };
}

const INSTRUCTIONS = {
  draggable: "To move a file, press Space to pick it up, the arrow keys to move it, and Space again to drop it. Escape cancels.",
};

/** The selected files in the order they are sent, reordered by dragging a row's grip or with the keyboard. */
export default function SortableFileList({ files }: { files: readonly File[] }) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const order = files.map(idOf);
  const moveFile = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) fileStore.move(order.indexOf(String(active.id)), order.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragEnd={moveFile}
      accessibility={{ announcements: announcementsFor(files), screenReaderInstructions: INSTRUCTIONS }}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ul className={fileListStyles} data-testid="file-list">
          {files.map((file, index) => (
            <SortableRow key={idOf(file)} file={file} index={index} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
