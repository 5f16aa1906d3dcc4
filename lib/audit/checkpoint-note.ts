import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";

/**
 * Signed checkpoints of the action log, in the layout of C2SP's tlog-checkpoint inside a signed
 * note: the origin, the number of entries, the hash of the last one (base64), the time as an
 * extension line, a blank line, then "— <key name> <base64(key id ‖ Ed25519 signature)>". Pure: the
 * console, `npm run audit:verify` and its offline mode all read and check notes here.
 */

export type Checkpoint = { origin: string; size: number; hash: string; signedAt: Date };
export type AuditSigner = { name: string; keyId: Buffer; privateKey: KeyObject; publicKey: Buffer };
export type AuditVerifier = { name: string; keyId: Buffer; publicKey: Buffer };

const PKCS8_ED25519 = Buffer.from("302e020100300506032b657004220420", "hex");
const ALGORITHM_ED25519 = 0x01;
const SIGNATURE_PREFIX = "\u2014 ";

/** C2SP key id: the first four bytes of SHA-256(name ‖ "\n" ‖ 0x01 ‖ public key). */
function keyIdOf(name: string, publicKey: Buffer): Buffer {
  return createHash("sha256")
    .update(Buffer.concat([Buffer.from(`${name}\n`), Buffer.from([ALGORITHM_ED25519]), publicKey]))
    .digest()
    .subarray(0, 4);
}

/** The log's origin, named after its key: stable for as long as the key is, and one per console. */
function originOf(publicKey: Buffer): string {
  return `moderator-console/audit-log/${createHash("sha256").update(publicKey).digest("hex").slice(0, 16)}`;
}

/** A signer from a 32-byte Ed25519 seed, given as 64 hex digits. */
export function signerFromSeed(seedHex: string): AuditSigner {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, Buffer.from(seedHex, "hex")]),
    format: "der",
    type: "pkcs8",
  });
  const publicKey = Buffer.from(
    createPublicKey(privateKey).export({ format: "der", type: "spki" }).subarray(-32) as Uint8Array,
  );
  const name = originOf(publicKey);
  return { name, keyId: keyIdOf(name, publicKey), privateKey, publicKey };
}

/** The verifier key as a note verifier text: "<name>+<key id hex>+<base64(0x01 ‖ public key)>". */
export function verifierKeyText(key: AuditVerifier): string {
  const encoded = Buffer.concat([Buffer.from([ALGORITHM_ED25519]), key.publicKey]).toString("base64");
  return `${key.name}+${key.keyId.toString("hex")}+${encoded}`;
}

export function parseVerifierKey(text: string): AuditVerifier {
  // Base64 has "+" of its own: the key is everything after the second one.
  const [, name, keyIdHex, encoded] = /^([^+\s]+)\+([0-9a-fA-F]{8})\+(\S+)$/.exec(text.trim()) ?? [];
  const raw = Buffer.from(encoded ?? "", "base64");
  if (!name || !keyIdHex || raw.length !== 33 || raw[0] !== ALGORITHM_ED25519)
    throw new Error("The public key must be one line: <name>+<key id>+<base64 Ed25519 key>, as /audit offers it.");
  const publicKey = raw.subarray(1);
  const keyId = keyIdOf(name, publicKey);
  if (keyId.toString("hex") !== keyIdHex.toLowerCase())
    throw new Error("The public key's id does not match its name and key: the file is damaged.");
  return { name, keyId, publicKey };
}

function body(checkpoint: Checkpoint): string {
  const hash = Buffer.from(checkpoint.hash, "hex").toString("base64");
  return `${checkpoint.origin}\n${checkpoint.size}\n${hash}\ntime ${checkpoint.signedAt.toISOString()}\n`;
}

export function signCheckpointNote(checkpoint: Omit<Checkpoint, "origin">, signer: AuditSigner): string {
  const text = body({ ...checkpoint, origin: signer.name });
  const signature = sign(null, Buffer.from(text), signer.privateKey);
  const encoded = Buffer.concat([signer.keyId, signature]).toString("base64");
  return `${text}\n${SIGNATURE_PREFIX}${signer.name} ${encoded}\n`;
}

export type NoteCheck = { ok: true; checkpoint: Checkpoint } | { ok: false; problem: string };

function parseBody(text: string): Checkpoint | undefined {
  const lines = text.split("\n");
  const [origin, size, hash, time] = lines;
  if (!origin || !size || !/^\d+$/.test(size) || !hash || lines.at(-1) !== "") return undefined;
  const raw = Buffer.from(hash, "base64");
  const at = time?.startsWith("time ") ? new Date(time.slice(5)) : undefined;
  if (raw.length !== 32 || !at || Number.isNaN(at.getTime())) return undefined;
  return { origin, size: Number(size), hash: raw.toString("hex"), signedAt: at };
}

/** Reads a signed note and checks its signature against `key`; a note from any other key is refused. */
export function verifyCheckpointNote(note: string, key: AuditVerifier): NoteCheck {
  const split = note.lastIndexOf("\n\n");
  if (split < 0) return { ok: false, problem: "it is not a signed note (no blank line before the signatures)" };
  const text = note.slice(0, split + 1);
  const checkpoint = parseBody(text);
  if (!checkpoint) return { ok: false, problem: "its text is not a checkpoint (origin, size, hash, time)" };
  const lines = note
    .slice(split + 2)
    .split("\n")
    .filter((line) => line.startsWith(SIGNATURE_PREFIX));
  for (const line of lines) {
    const [name, encoded] = line.slice(SIGNATURE_PREFIX.length).split(" ");
    const raw = Buffer.from(encoded ?? "", "base64");
    if (name !== key.name || !raw.subarray(0, 4).equals(key.keyId)) continue;
    const publicKey = createPublicKey({
      key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), key.publicKey]),
      format: "der",
      type: "spki",
    });
    if (!verify(null, Buffer.from(text), publicKey, raw.subarray(4)))
      return { ok: false, problem: "its signature does not verify: the note was altered" };
    if (checkpoint.origin !== key.name) return { ok: false, problem: `it names another log (${checkpoint.origin})` };
    return { ok: true, checkpoint };
  }
  return { ok: false, problem: `it is not signed by this log's key (${key.name})` };
}
