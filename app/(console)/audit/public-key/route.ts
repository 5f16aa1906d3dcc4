import { auditSigner } from "@/lib/audit/checkpoints";
import { verifierKeyText } from "@/lib/audit/checkpoint-note";
import { auditScopeOf } from "@/lib/audit/scope";
import { getCurrentOperator } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

/** The log's public key, for `npm run audit:verify -- --public-key`: a public key, but only for readers of the log. */
export async function GET() {
  const operator = await getCurrentOperator();
  if (!operator || !auditScopeOf(operator))
    return new Response("Sign in as an operator who may read the action log.\n", { status: 401 });
  return new Response(`${verifierKeyText(auditSigner())}\n`, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'attachment; filename="action-log.vkey"',
      "Cache-Control": "no-store",
    },
  });
}
