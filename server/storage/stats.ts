import fs from "node:fs/promises";
import path from "node:path";

/** Counts the documents processed, kept in the data folder so that the figure survives restarts. */
export class Stats {
  private documents = 0;
  private writing: Promise<void> = Promise.resolve();
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
    const snapshot = JSON.stringify({ documentsProcessed: this.documents });
    // Writes go one after the other; each writes the newest figure.
    this.writing = this.writing.then(() => fs.writeFile(this.file, snapshot)).catch(() => undefined);
  }
}
