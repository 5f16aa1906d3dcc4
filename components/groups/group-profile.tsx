import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Fact, Facts } from "@/components/ui/facts";
import { RawJson } from "@/components/ui/raw-json";
import { UnixTime } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import type { ChatGroup } from "@/lib/chat-api/moderation-schemas";

/** What a group is: its name and GUID (copyable), type, owner, size and age, and the service's record. */
export function GroupProfile({ group, raw }: { group: ChatGroup; raw: unknown }) {
  return (
    <section aria-labelledby="group-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="info">Group</Badge>
        <h1 id="group-heading" className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
          {group.name || group.guid}
        </h1>
      </div>
      <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
        <span className="font-mono [overflow-wrap:anywhere]">{group.guid}</span>
        <CopyButton value={group.guid} label={`Copy GUID ${group.guid}`} />
      </p>
      {group.description && <p className="mt-3 text-sm break-words text-slate-800">{group.description}</p>}
      <Facts className="mt-6">
        <Fact term="Type">{group.type ?? "Not given"}</Fact>
        <Fact term="Owner" className="min-w-0">
          {group.owner ? <Uid uid={group.owner} /> : "Not given"}
        </Fact>
        <Fact term="Members">{group.membersCount ?? "Not given"}</Fact>
        <Fact term="Created">
          <UnixTime seconds={group.createdAt} />
        </Fact>
      </Facts>
      <RawJson value={raw} />
    </section>
  );
}
