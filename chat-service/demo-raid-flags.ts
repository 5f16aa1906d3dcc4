import type { Random } from "./demo-random";
import { MINUTE, type FlagDraft, type GroupBuild, type MessageInsert, type UserInsert } from "./demo-types";

/**
 * The reports of the demo raid (demo-raid.ts): a third of the raiders' messages flagged by the real
 * users who saw them, with the vendor's default reasons and remarks, and a few ordinary messages
 * flagged unfairly, so the review queue asks for judgement rather than a bulk approve.
 */

type RaidFlagInput = {
  random: Random;
  now: number;
  /** The raided groups, the first being the one where the harassment happens. */
  groups: readonly GroupBuild[];
  raiders: readonly UserInsert[];
  spam: readonly MessageInsert[];
  harassment: readonly MessageInsert[];
  /** The ordinary members' warnings about the raid; the first is flagged by mistake. */
  warnings: readonly MessageInsert[];
};

const REMARKS: Readonly<Record<string, readonly string[]>> = {
  spam: [
    "Crypto scam, same link everywhere",
    "Brand new account posting this everywhere",
    "Another one of these giveaway bots",
    "Please ban these accounts",
  ],
  inappropriate: ["This doesn't belong here", "Scam link, not ok in this group"],
  harassment: ["Targeting Amara again", "This is bullying", "Please remove this, it's the third one today"],
};

/** Ordinary messages flagged unfairly: the raid warning (index 0 of the warnings) and two old ones. */
const UNFAIR = [
  { guid: "cometchat-guid-1", sender: "kwame-mensah", text: "Photos from Saturday are in the shared album 📸" },
  { guid: "weekend-cyclists", sender: "oluwaseun-adeyemi", text: "Forecast says wind from the north" },
] as const;
const UNFAIR_REPORTS = [
  { by: "cometchat-uid-4", reasonId: "spam", remark: "Another one of the USDT posts" },
  { by: "tomas-silva", reasonId: "spam", remark: "Advertising?" },
  { by: "kenji-watanabe", reasonId: "inappropriate", remark: "" },
] as const;

export function flagRaid({ random, now, groups, raiders, spam, harassment, warnings }: RaidFlagInput): FlagDraft[] {
  const raiderUids = new Set(raiders.map((raider) => raider.uid));
  const harassing = new Set(harassment);
  const groupOf = (guid: string) => {
    const build = groups.find((candidate) => candidate.group.guid === guid);
    if (!build) throw new Error(`The demo raid's flags need the group ${guid}`);
    return build;
  };
  const harassed = harassment.find((message) => message.receiverType === "user")?.receiver;
  const flagAt = (message: MessageInsert) => Math.min(message.sentAt + random.int(30, 25 * MINUTE), now - 5);

  // A third of the raid's messages, half the harassment among them: the harassed user reports it.
  const total = Math.round((spam.length + harassment.length) / 3);
  const harassmentFlagged = random.shuffle(harassment).slice(0, Math.ceil(harassment.length / 2));
  const flagged = [...harassmentFlagged, ...random.shuffle(spam).slice(0, total - harassmentFlagged.length)];
  const flags: FlagDraft[] = flagged.flatMap((message) => {
    const reasonOf = () => (harassing.has(message) ? "harassment" : random.chance(0.85) ? "spam" : "inappropriate");
    const reporters = (() => {
      if (message.receiverType === "user") return [message.receiver];
      const members = groupOf(message.receiver).members.map((member) => member.uid);
      const picked = random.shuffle(members.filter((uid) => !raiderUids.has(uid))).slice(0, random.int(1, 3));
      return harassing.has(message) && harassed && members.includes(harassed)
        ? [...new Set([harassed, ...picked])]
        : picked;
    })();
    return reporters.map((uid) => {
      const reasonId = reasonOf();
      const remark = random.chance(0.75) ? random.pick(REMARKS[reasonId] ?? []) : "";
      return { message, uid, reasonId, remark, flaggedAt: flagAt(message) };
    });
  });

  const [warning] = warnings;
  const unfairMessages = [
    ...(warning ? [warning] : []),
    ...UNFAIR.map(({ guid, sender, text }) => {
      const found = groupOf(guid).messages.find(
        (message) => message.sender === sender && String(message.data.text ?? "").startsWith(text),
      );
      if (!found) throw new Error(`The demo raid's unfair flag needs ${sender}'s message in ${guid}`);
      return found;
    }),
  ];
  unfairMessages.forEach((message, index) => {
    const { by, reasonId, remark } = UNFAIR_REPORTS[index] as (typeof UNFAIR_REPORTS)[number];
    const flaggedAt = Math.max(message.sentAt + MINUTE, now - random.int(5 * MINUTE, 60 * MINUTE));
    flags.push({ message, uid: by, reasonId, remark, flaggedAt: Math.min(flaggedAt, now - 1) });
  });
  return flags;
}
