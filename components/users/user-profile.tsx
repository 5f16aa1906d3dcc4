import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Fact, Facts } from "@/components/ui/facts";
import { RawJson } from "@/components/ui/raw-json";
import { StatusBadge } from "@/components/ui/status-badge";
import { UnixTime } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import { UserAvatar } from "./user-avatar";
import type { ChatUser } from "@/lib/chat-api";

/** Only http(s) URLs become images: a `javascript:` or `data:` avatar from the service is shown as text, never loaded. */
function safeImageUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

type UserProfileProps = {
  user: ChatUser;
  raw: unknown;
  /** When the account was deactivated, or null when it is active. */
  deactivated: { at: number | null } | null;
  /** Beside the name: what operators should see first (the count of notes on the user). */
  badges?: ReactNode;
  /** "Deactivate" or "Reactivate", for the roles that may. */
  accountControl?: ReactNode;
};

export function UserProfile({ user, raw, deactivated, badges, accountControl }: UserProfileProps) {
  const avatar = safeImageUrl(user.avatar);
  const link = safeImageUrl(user.link);
  return (
    <section aria-labelledby="profile-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start gap-4">
        <UserAvatar key={avatar} src={avatar} name={user.name} uid={user.uid} />
        <div className="min-w-0">
          <h1 id="profile-heading" className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
            {user.name}
          </h1>
          <p className="text-sm text-slate-600">
            <Uid uid={user.uid} link={false} />
          </p>
          {badges && <div className="mt-2 flex flex-wrap gap-2">{badges}</div>}
        </div>
      </div>
      <Facts className="mt-6">
        <Fact term="Account" className="flex flex-wrap items-center gap-2">
          {deactivated ? (
            <>
              <Badge tone="danger">Deactivated</Badge>
              {deactivated.at !== null && (
                <span className="text-xs text-slate-600">
                  since <UnixTime seconds={deactivated.at} />
                </span>
              )}
            </>
          ) : (
            <Badge tone="success">Active</Badge>
          )}
          {accountControl}
        </Fact>
        <Fact term="Status">
          <StatusBadge status={user.status} />
        </Fact>
        <Fact term="Role">{user.role ?? "Not given"}</Fact>
        <Fact term="Created">
          <UnixTime seconds={user.createdAt} />
        </Fact>
        {user.avatar !== undefined && !avatar && (
          <Fact term="Avatar" className="break-all">
            {String(user.avatar)} (not an http(s) URL: not shown)
          </Fact>
        )}
        {link && (
          <Fact term="Link" className="break-all">
            <a href={link} rel="noopener noreferrer nofollow" target="_blank" className="text-brand-700 underline">
              {link}
            </a>
          </Fact>
        )}
      </Facts>
      <RawJson value={raw} />
    </section>
  );
}
