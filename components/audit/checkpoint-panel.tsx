"use client";

import { ActionFailure } from "@/components/ui/action-failure";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Time } from "@/components/ui/time";
import { signCheckpointAction } from "@/lib/audit/actions/sign-checkpoint";
import { useServerAction } from "@/lib/actions/use-server-action";
import { formatCount } from "@/lib/format/numbers";

type Props = {
  publicKey: string;
  latest: { size: number; signedAt: Date } | null;
  canSign: boolean;
};

/**
 * The log's signing key and its newest signed checkpoint. A checkpoint kept outside the database
 * shows entries removed from the end, which a hash chain alone cannot.
 */
export function CheckpointPanel({ publicKey, latest, canSign }: Props) {
  const sign = useServerAction(signCheckpointAction, {
    unanswered: "The console's server did not answer, so no checkpoint is known to be signed. Try again.",
  });
  const signed = sign.result?.ok ? sign.result.data : null;
  return (
    <section
      aria-labelledby="checkpoints-heading"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm"
    >
      <h2 id="checkpoints-heading" className="text-base font-semibold">
        Signed checkpoints
      </h2>
      <p>
        {latest ? (
          <>
            Newest checkpoint: {formatCount(latest.size)} entries, signed <Time at={latest.signedAt} />.
          </>
        ) : (
          "No checkpoint has been signed yet."
        )}
      </p>
      <p className="break-all">
        Public key (Ed25519, signed-note verifier key): <code className="font-mono text-xs">{publicKey}</code>{" "}
        <a href="/audit/public-key" download className="text-brand-700 underline">
          Download the public key
        </a>
      </p>
      {canSign && (
        <Button variant="secondary" size="sm" onClick={() => void sign.run({})} busy={sign.pending}>
          Sign checkpoint
        </Button>
      )}
      <div aria-live="polite">
        {sign.failure && <ActionFailure failure={{ message: `No checkpoint was signed. ${sign.failure.message}` }} />}
        {signed && (
          <Alert tone="success" title={`Checkpoint signed at ${formatCount(signed.size)} entries`}>
            <pre className="mt-2 overflow-x-auto font-mono text-xs whitespace-pre">{signed.note}</pre>
          </Alert>
        )}
      </div>
    </section>
  );
}
