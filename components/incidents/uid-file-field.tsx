"use client";

import { useState, type ChangeEvent } from "react";
import { countOf } from "@/lib/format/numbers";
import { isCsvFile, uidLinesOfFile } from "./uid-file";

/** Far above 10,000 UIDs even with many columns; a larger file is most likely not a list of UIDs. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

type Loaded = { kind: "loaded"; message: string } | { kind: "failed"; message: string };

/** Reads a .txt or .csv file of UIDs in the browser and hands its lines over; nothing is uploaded. */
export function UidFileField({ id, onLoad }: { id: string; onLoad: (lines: string[]) => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  async function read(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setLoaded({
        kind: "failed",
        message: `${file.name} is larger than 10 MB; a list of 10,000 UIDs is far smaller.`,
      });
      return;
    }
    let content: string;
    try {
      content = await file.text();
    } catch {
      setLoaded({ kind: "failed", message: `${file.name} could not be read. Choose it again, or paste its UIDs.` });
      return;
    }
    const lines = uidLinesOfFile(content, isCsvFile(file));
    if (lines.length === 0) {
      setLoaded({ kind: "failed", message: `${file.name} has no UIDs in it.` });
      return;
    }
    onLoad(lines);
    setLoaded({ kind: "loaded", message: `Loaded ${countOf(lines.length, "line", "lines")} from ${file.name}.` });
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const failed = loaded?.kind === "failed";
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Upload a .txt or .csv file
      </label>
      <p id={hintId} className="mt-0.5 text-xs text-slate-600">
        One UID a line; of a .csv file, the first column, without a header row such as “uid”. The file replaces the list
        above.
      </p>
      <input
        id={id}
        type="file"
        accept=".txt,.csv,text/plain,text/csv"
        aria-describedby={failed ? `${hintId} ${errorId}` : hintId}
        aria-invalid={failed || undefined}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
        onChange={(event) => void read(event)}
      />
      {/* A failure is announced at once; a file loaded, politely. Both are read next to the control. */}
      {failed && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {loaded.message}
        </p>
      )}
      <div role="status" className="mt-1 text-sm text-slate-700">
        {loaded?.kind === "loaded" && loaded.message}
      </div>
    </div>
  );
}
