import { TableCell } from "@/components/ui/table";
import { Time } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";

/** The first two cells of a row of jobs or requests: when it was made, and whose blocks it changes. */
export function WhenAndBlockerCells({ at, blocker }: { at: Date | string; blocker: string }) {
  return (
    <>
      <TableCell className="font-mono text-xs">
        <Time at={at} />
      </TableCell>
      <TableCell className="text-xs">
        <Uid uid={blocker} oneLine />
      </TableCell>
    </>
  );
}
