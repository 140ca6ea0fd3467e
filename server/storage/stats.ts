import fs from "node:fs/promises";
import path from "node:path";

/** Counts the documents processed, kept in the data folder so that the figure survives restarts. */
export class Stats {
  private documents = 0;
  /** The write under way, if any; a count that changes meanwhile is written once it is done. */
  private writing: Promise<void> | undefined;
  private changed = false;
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, "stats.json");
  }

  async load(): Promise<void> {
    try {
      const saved = JSON.parse(await fs.readFile(this.file, "utf8")) as { documentsProcessed?: number };
      if (Number.isInteger(saved.documentsProcessed)) this.documents = saved.documentsProcessed!;
    } catch {
      // First start, or an unreadable file: count from zero.
    }
  }

  get documentsProcessed(): number {
    return this.documents;
  }

  recordDocuments(count: number): void {
    this.documents += count;
    this.changed = true;
    // One write at a time, each of the newest figure: counts that arrive during a write share the next one, so a
    // busy server writes the file about once per write's duration, not once per job.
    this.writing ??= this.writeWhileChanged();
  }

  /** Resolves once the newest figure is on disk (or failed to be written). */
  async saved(): Promise<void> {
    await this.writing;
  }

  private async writeWhileChanged(): Promise<void> {
    while (this.changed) {
      this.changed = false;
      await fs.writeFile(this.file, JSON.stringify({ documentsProcessed: this.documents })).catch(() => undefined);
    }
    this.writing = undefined;
  }
}
