/**
 * `npm run audit:verify`: walks the action log's hash chain and holds it against every signed
 * checkpoint; exits 1 at the first problem, named. With --export, --checkpoint and --public-key it
 * checks an NDJSON export offline instead, without a database. Exits 2 when it cannot run.
 */
import { readFileSync } from "node:fs";
import type { ChainBreak } from "../lib/audit/chain";
import { verifyAuditExport } from "../lib/audit/verify-export";
import { parseVerifyOptions, VerifyOptionsError } from "../lib/audit/verify-options";
import { DatabaseBusyError } from "../lib/db/pglite-lock";
import { EnvError } from "../lib/env-parts";

const count = (value: number) => value.toLocaleString("en");
const counted = (value: number, noun: string, plural = `${noun}s`) => `${count(value)} ${value === 1 ? noun : plural}`;

function reportBreak(firstBreak: ChainBreak, checked: number) {
  const at = firstBreak.seq > 0 ? ` at entry #${firstBreak.seq}${firstBreak.id ? ` (id ${firstBreak.id})` : ""}` : "";
  console.log(`The action log is NOT intact: ${firstBreak.problem}${at}.`);
  console.log(`  ${firstBreak.detail}`);
  console.log(`  ${counted(checked, "entry", "entries")} before it ${checked === 1 ? "is" : "are"} intact.`);
  process.exitCode = 1;
}

async function verifyDatabase() {
  const { closeDb, getDb } = await import("../lib/db/client");
  const { verifyAuditLog } = await import("../lib/audit/checkpoints");
  try {
    const result = await verifyAuditLog(await getDb(), (checked) => {
      if (checked % 100_000 === 0) process.stderr.write(`  ${count(checked)} entries checked...\n`);
    });
    if (!result.intact) return reportBreak(result.firstBreak, result.checked);
    const seconds = (result.durationMs / 1000).toFixed(1);
    console.log(
      `The action log is intact: ${counted(result.checked, "entry", "entries")} and ${counted(result.checkpoints, "signed checkpoint")} checked in ${seconds} s.`,
    );
    if (result.head) console.log(`Newest entry #${result.head.seq}, hash ${result.head.hash}`);
  } finally {
    await closeDb();
  }
}

try {
  const options = parseVerifyOptions(process.argv.slice(2));
  if (options.mode === "database") {
    await verifyDatabase();
  } else {
    const read = (file: string) => readFileSync(file, "utf8");
    const result = verifyAuditExport(
      read(options.exportFile),
      read(options.checkpointFile),
      read(options.publicKeyFile),
    );
    if (!result.intact) reportBreak(result.firstBreak, result.checked);
    else
      console.log(
        `The export is intact: ${counted(result.checked, "entry", "entries")} chain from the first, and the checkpoint at ${count(result.checkpointSize)} entries is signed by the given key and matches.`,
      );
  }
} catch (error) {
  if (error instanceof DatabaseBusyError || error instanceof EnvError || error instanceof VerifyOptionsError) {
    console.error(error.message);
    process.exitCode = 2;
  } else if (error instanceof Error && /ENOENT|public key|not an entry|JSON/.test(error.message)) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
