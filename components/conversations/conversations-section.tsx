import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Pagination } from "@/components/ui/pagination";
import { cn } from "@/components/ui/cn";
import type { Pagination as PageInfo } from "@/lib/chat-api";
import type { ConversationRow } from "./conversation-rows";
import { ConversationsTable } from "./conversations-table";

export type ConversationKindFilter = "user" | "group" | null;

const FILTERS: Array<{ kind: ConversationKindFilter; label: string }> = [
  { kind: null, label: "All" },
  { kind: "user", label: "Users" },
  { kind: "group", label: "Groups" },
];

type ConversationsSectionProps = {
  owner: { id: string; name: string | null };
  listing: { rows: ConversationRow[]; pagination: PageInfo | undefined } | { error: string };
  kind: ConversationKindFilter;
  /** The workspace's URL with the given conversation filter and page. */
  href: (kind: ConversationKindFilter, page: number) => string;
  canEditTags: boolean;
  canBlock: boolean;
  /** What acts on the selected rows ("Block selected"), shown under the table. */
  selectionActions?: ReactNode;
};

/** "Conversations": this user's conversations, newest first, filterable by kind, each editable as this user's copy. */
export function ConversationsSection({
  owner,
  listing,
  kind,
  href,
  canEditTags,
  canBlock,
  selectionActions,
}: ConversationsSectionProps) {
  const total = "error" in listing ? undefined : listing.pagination?.total;
  return (
    <section id="conversations" aria-labelledby="conversations-heading" className="scroll-mt-4 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="conversations-heading" className="text-lg font-semibold">
          Conversations{total !== undefined ? ` (${total})` : ""}
        </h2>
        <nav aria-label="Kind of conversation" className="flex gap-1">
          {FILTERS.map((filter) => (
            <AppLink
              key={filter.label}
              href={href(filter.kind, 1)}
              scroll={false}
              aria-current={filter.kind === kind ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-1 text-sm",
                filter.kind === kind ? "bg-brand-600 font-medium text-white" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              {filter.label}
            </AppLink>
          ))}
        </nav>
      </div>
      {"error" in listing ? (
        <Alert tone="error">{listing.error}</Alert>
      ) : (
        <>
          <ConversationsTable owner={owner} rows={listing.rows} canEditTags={canEditTags} canBlock={canBlock} />
          {selectionActions}
          {listing.pagination && (
            <Pagination
              label="Conversation pages"
              scroll={false}
              pages={{
                current: listing.pagination.current_page,
                last: Math.max(1, listing.pagination.total_pages),
                href: (page) => href(kind, page),
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
