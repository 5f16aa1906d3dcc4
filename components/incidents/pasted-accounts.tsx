"use client";

import { useId, useState } from "react";
import { TextAreaField, TextField, UID_INPUT } from "@/components/ui/field";
import { formatCount } from "@/lib/format/numbers";
import { MAX_INCIDENT_UIDS } from "@/lib/incidents/limits";
import { ActOnAccounts, type AccountActions } from "./act-on-accounts";

/** The UIDs of a pasted list, as typed: the preview on the server checks and counts them. */
const uidsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** Deactivate or ban a pasted list of accounts, as incident mode blocks one. */
export function PastedAccounts({ allowed, canBreakGlass }: { allowed: AccountActions; canBreakGlass: boolean }) {
  const id = useId();
  const [text, setText] = useState("");
  const [group, setGroup] = useState("");
  return (
    <div className="space-y-4">
      <TextAreaField
        id={`${id}-uids`}
        label="UIDs to act on"
        hint={`Separate UIDs with new lines, commas or spaces; at most ${formatCount(MAX_INCIDENT_UIDS)}.`}
        rows={5}
        {...UID_INPUT}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <TextField
        id={`${id}-group`}
        label="Group to ban them from (GUID)"
        hint="Only for a ban."
        {...UID_INPUT}
        value={group}
        onChange={(event) => setGroup(event.target.value)}
      />
      <ActOnAccounts
        uids={uidsOf(text)}
        group={group.trim() || null}
        allowed={{ ...allowed, block: false, deleteMessages: false }}
        canBreakGlass={canBreakGlass}
      />
    </div>
  );
}
