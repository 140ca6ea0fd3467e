import { closestCorners, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { fileStore } from "../../lib/file-store.js";
import { FileRowContent, fileListStyles, fileRowStyles } from "./FileRow.js";
import type { TFunction } from "i18next";
import { useT } from "../../i18n/use-t.js";

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
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useSortable({ id: idOf(file) });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t("upload.sort.move", { name: file.name })}
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
function announcementsFor(files: readonly File[], t: TFunction): Announcements {
  const nameOf = (id: UniqueIdentifier) => files.find((file) => idOf(file) === id)?.name ?? t("upload.sort.theFile");
  const positionOf = (id: UniqueIdentifier) => files.findIndex((file) => idOf(file) === id) + 1;
  const where = (id?: UniqueIdentifier) => (id === undefined ? t("upload.sort.outside") : t("upload.sort.at", { position: positionOf(id), total: files.length }));
  return {
    onDragStart: ({ active }) => t("upload.sort.pickedUp", { name: nameOf(active.id), where: where(active.id) }),
    onDragOver: ({ active, over }) => t("upload.sort.over", { name: nameOf(active.id), where: where(over?.id) }),
    onDragEnd: ({ active, over }) => t("upload.sort.dropped", { name: nameOf(active.id), where: where(over?.id) }),
    onDragCancel: ({ active }) => t("upload.sort.cancelled", { name: nameOf(active.id), where: where(active.id) }),
  };
}

/** The selected files in the order they are sent, reordered by dragging a row's grip or with the keyboard. */
export default function SortableFileList({ files }: { files: readonly File[] }) {
  const t = useT();
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
      accessibility={{ announcements: announcementsFor(files, t), screenReaderInstructions: { draggable: t("upload.sort.instructions") } }}
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
