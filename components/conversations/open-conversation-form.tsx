"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { uidProblem } from "@/lib/validation/uid-rule";
import type { ConversationSide } from "./tags-editor-dialog";

const KINDS = [
  { value: "user", label: "User (UID)" },
  { value: "group", label: "Group (GUID)" },
] as const;

/** Opens the tags editor for a conversation the list does not show (one without messages, say), by UID or GUID. */
export function OpenConversationForm({ onOpen }: { onOpen: (peer: ConversationSide) => void }) {
  const id = useId();
  const [kind, setKind] = useState<"user" | "group">("user");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();

  return (
    <details className="rounded-md border border-slate-200 bg-slate-50 px-4 py-2">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">Open conversation with UID…</summary>
      <form
        noValidate
        className="mt-3 flex flex-wrap items-end gap-3 pb-2"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = value.trim();
          const problem = uidProblem(trimmed);
          setError(problem);
          if (!problem) onOpen({ kind, id: trimmed.toLowerCase(), name: null });
        }}
      >
        <div className="w-40">
          <SelectField
            id={`${id}-kind`}
            label="With a"
            options={KINDS}
            value={kind}
            onChange={(event) => setKind(event.target.value as "user" | "group")}
          />
        </div>
        <div className="min-w-48 flex-1">
          <TextField
            id={`${id}-peer`}
            label={kind === "user" ? "UID of the other user" : "GUID of the group"}
            error={error}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          Open
        </Button>
      </form>
    </details>
  );
}
