import { Time, UnixTime } from "@/components/ui/time";
import type { RaidSearchCriteria } from "@/lib/db/schema";
import type { SearchView } from "@/lib/raid-search/view";

function whereText(where: RaidSearchCriteria["where"]): string {
  if (where.kind === "group") return `group ${where.guid}`;
  if (where.kind === "user") return `the direct messages of ${where.uid}`;
  return "the whole app";
}

/** What a search looks for, in words, as the operator asked it: "In group cometchat-guid-1, with links…". */
function whatText(criteria: RaidSearchCriteria): string {
  const parts = [
    criteria.textContains && `text containing “${criteria.textContains}”`,
    criteria.linkDomain ? `a link to ${criteria.linkDomain}` : criteria.hasLinks && "a link",
    criteria.senderUid && `sent by ${criteria.senderUid}`,
    criteria.namePrefix && `from names starting with “${criteria.namePrefix}”`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "any message";
}

/** The search's question and who asked it, above its results. */
export function SearchSummary({ search }: { search: SearchView["search"] }) {
  const { criteria } = search;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
      <dt className="text-slate-600">Where</dt>
      <dd className="break-words text-slate-900">{whereText(criteria.where)}</dd>
      <dt className="text-slate-600">What</dt>
      <dd className="break-words text-slate-900">{whatText(criteria)}</dd>
      <dt className="text-slate-600">When</dt>
      <dd className="text-slate-900">
        <UnixTime seconds={criteria.from} /> to <UnixTime seconds={criteria.to} />
      </dd>
      <dt className="text-slate-600">Started by</dt>
      <dd className="break-words text-slate-900">
        {search.createdByEmail} at <Time at={search.createdAt} />
      </dd>
    </dl>
  );
}
