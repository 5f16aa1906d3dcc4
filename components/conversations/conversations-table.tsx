"use client";

import { AppLink } from "@/components/ui/app-link";
import { lazy, Suspense, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable, TableCell, TableRowHeader, EmptyTable } from "@/components/ui/table";
import { SelectCheckbox, selectColumn, useOffered } from "@/components/ui/selection";
import { UnixTime } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import { conversationMessagesHref, groupHref } from "@/lib/url-state";
import type { ConversationRow } from "./conversation-rows";
import type { ConversationParty, ConversationSide } from "./tags-editor-dialog";

/** The editor (its form, the record and the tags' diff: ~5 KiB gzip) is loaded as it opens, not with the page. */
const TagsEditorDialog = lazy(() =>
  import("./tags-editor-dialog").then((module) => ({ default: module.TagsEditorDialog })),
);
import { OpenConversationForm } from "./open-conversation-form";

type ConversationsTableProps = {
  owner: ConversationParty;
  rows: ConversationRow[];
  canEditTags: boolean;
  canBlock: boolean;
};

function Peer({ peer }: { peer: ConversationRow["peer"] }) {
  if (peer.kind === "user") return <Uid uid={peer.id} name={peer.name} oneLine />;
  return (
    <span className="inline-flex items-center gap-1">
      <Badge tone="info">Group</Badge>
      <AppLink href={groupHref(peer.id)} className="text-brand-700 underline-offset-2 hover:underline">
        {peer.name ?? peer.id}
      </AppLink>
      {peer.name && <span className="font-mono text-xs text-slate-600">{peer.id}</span>}
      <CopyButton value={peer.id} label={`Copy GUID ${peer.id}`} />
    </span>
  );
}

/**
 * A user's conversations, each as this user's copy: its tags can be edited (on this user's behalf).
 * Inside a selection (and with `canBlock`), the other users of user-to-user conversations can be checked,
 * for an action elsewhere on the page to act on.
 */
export function ConversationsTable({ owner, rows, canEditTags, canBlock }: ConversationsTableProps) {
  const [editing, setEditing] = useState<ConversationSide | null>(null);
  useOffered(canBlock ? rows.filter((row) => row.peer.kind === "user").map((row) => row.peer.id) : []);

  return (
    <div className="space-y-4">
      {canEditTags && <OpenConversationForm onOpen={setEditing} />}
      {rows.length === 0 ? (
        <EmptyTable>No conversations to show.</EmptyTable>
      ) : (
        <DataTable
          caption={`Conversations of ${owner.name ?? owner.id}`}
          captionSrOnly
          columns={[
            ...selectColumn(canBlock),
            "With",
            "Last message",
            "Unread",
            "Tags",
            "Updated",
            { label: "Actions", srOnly: true },
          ]}
        >
          {rows.map((row) => (
            <tr key={row.conversationId}>
              {canBlock && (
                <TableCell className="align-top">
                  {row.peer.kind === "user" && <SelectCheckbox id={row.peer.id} label={`Select ${row.peer.id}`} />}
                </TableCell>
              )}
              <TableRowHeader className="align-top">
                <Peer peer={row.peer} />
              </TableRowHeader>
              <TableCell className="max-w-xs align-top">
                {row.lastMessage ? (
                  <>
                    <span className="block break-words text-slate-800">{row.lastMessage.preview}</span>
                    <span className="text-xs text-slate-500">
                      <UnixTime seconds={row.lastMessage.sentAt} />
                    </span>
                  </>
                ) : (
                  <span className="text-slate-500">No messages yet</span>
                )}
              </TableCell>
              <TableCell className="align-top tabular-nums">
                {row.unread > 0 ? <Badge tone="info">{row.unread}</Badge> : "0"}
              </TableCell>
              <TableCell className="align-top">
                {row.tags === null ? (
                  <span className="text-slate-500">Not known</span>
                ) : row.tags.length === 0 ? (
                  <span className="text-slate-500">None</span>
                ) : (
                  <span className="flex flex-wrap gap-1">
                    {row.tags.map((tag) => (
                      <Badge key={tag}>{tag}</Badge>
                    ))}
                  </span>
                )}
              </TableCell>
              <TableCell className="align-top text-xs">
                <UnixTime seconds={row.updatedAt} />
              </TableCell>
              <TableCell className="align-top">
                <span className="flex flex-wrap gap-2">
                  <AppLink
                    href={conversationMessagesHref(owner.id, row.peer)}
                    aria-label={`Messages with ${row.peer.name ?? row.peer.id}`}
                    className={buttonClasses("secondary", "sm")}
                  >
                    Messages
                  </AppLink>
                  {canEditTags && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Edit tags with ${row.peer.name ?? row.peer.id}`}
                      onClick={() => setEditing(row.peer)}
                    >
                      Edit tags
                    </Button>
                  )}
                </span>
              </TableCell>
            </tr>
          ))}
        </DataTable>
      )}

      {editing && (
        <Suspense fallback={null}>
          <TagsEditorDialog owner={owner} peer={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </div>
  );
}
