import { verifyAuditChain } from "../lib/audit/verify";
import { closeDb, getDb } from "../lib/db/client";
import { DatabaseBusyError } from "../lib/db/pglite-lock";
import { EnvError } from "../lib/env";

/** `npm run audit:verify`: walks the action log's hash chain; exits 1 where it breaks. */
try {
  const result = await verifyAuditChain(await getDb(), (checked) => {
    if (checked % 100_000 === 0) process.stderr.write(`  ${checked.toLocaleString("en")} entries checked...\n`);
  });
  const seconds = (result.durationMs / 1000).toFixed(1);
  if (result.intact) {
    console.log(`The action log is intact: ${result.checked.toLocaleString("en")} entries checked in ${seconds} s.`);
    if (result.head) console.log(`Newest entry #${result.head.seq}, hash ${result.head.hash}`);
  } else {
    const { firstBreak } = result;
    console.log(`The action log is NOT intact: the chain breaks at entry #${firstBreak.seq} (id ${firstBreak.id}).`);
    console.log(`  ${firstBreak.detail}`);
    console.log(`  ${result.checked.toLocaleString("en")} entries before it are intact.`);
    process.exitCode = 1;
  }
} catch (error) {
  if (error instanceof DatabaseBusyError || error instanceof EnvError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    throw error;
  }
} finally {
  await closeDb();
}
