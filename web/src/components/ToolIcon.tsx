import {
  Code,
  Combine,
  Crop,
  Droplets,
  FileImage,
  FileInput,
  FileOutput,
  FileText,
  FileType,
  Images,
  KeyRound,
  Layers,
  LayoutGrid,
  ListOrdered,
  Lock,
  Minimize2,
  PenTool,
  Presentation,
  RefreshCw,
  RotateCw,
  ScanText,
  Scissors,
  Sheet,
  Tags,
  ShieldCheck,
  Signature,
  Trash2,
  Unlock,
  Wrench,
  type LucideIcon,
} from "lucide-react";

/**
 * The catalogue names each tool's icon; only these are imported, so the bundle carries these icons and not all of
 * lucide's.
 */
const ICONS: Record<string, LucideIcon> = {
  Code,
  Combine,
  Crop,
  Droplets,
  FileImage,
  FileInput,
  FileOutput,
  FileText,
  FileType,
  Images,
  KeyRound,
  Layers,
  LayoutGrid,
  ListOrdered,
  Lock,
  Minimize2,
  PenTool,
  Presentation,
  RefreshCw,
  RotateCw,
  ScanText,
  Scissors,
  Sheet,
  Tags,
  ShieldCheck,
  Signature,
  Trash2,
  Unlock,
  Wrench,
};

export function ToolIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? FileText;
  return <Icon className={className} aria-hidden="true" />;
}
