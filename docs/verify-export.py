#!/usr/bin/env python3
"""Checks the hash chain of an NDJSON export of the Moderator Console's action log, offline.

Python 3's standard library only, no code of the console: it follows docs/action-log-hash.md.
    python3 docs/verify-export.py action-log.ndjson [--checkpoint checkpoint.txt]
--checkpoint also holds the export against a signed checkpoint's size and hash (check the note's
signature with openssl, as the doc shows). Exit 0: intact; 1: the first bad entry, named; 2: unreadable.
"""
import argparse
import base64
import hashlib
import json
import math
import re
import sys
from decimal import Decimal

# Every entry has these members; the hash covers them all, null or not.
MEMBERS = ("seq id occurredAt operationId actorId actorEmail actorRole action targetUid onBehalfOf reason "
           "requestBody outcome httpStatus errorCode summary durationMs ip userAgent requestId prevHash").split()
# Added later: hashed only when set (not null, not false), so older entries keep their hashes.
LATER = ("affected", "completesOperation", "parentOperationId")
TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")


class BadEntry(Exception):
    pass


def number(value):
    """An IEEE 754 double as ECMAScript's Number::toString writes it (RFC 8785, section 3.2.2.3)."""
    value = float(value)
    if not math.isfinite(value):
        raise ValueError("a number that is not finite is not JSON")
    if value <= 0:
        return "-" + number(-value) if value < 0 else "0"
    _, digit_tuple, exponent = Decimal(repr(value)).normalize().as_tuple()  # repr: the shortest round trip
    digits = "".join(map(str, digit_tuple))
    k, n = len(digits), exponent + len(digits)  # value = 0.digits * 10**n
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * -n + digits
    mantissa = digits[0] + ("." + digits[1:] if k > 1 else "")
    return f"{mantissa}e{'+' if n - 1 >= 0 else '-'}{abs(n - 1)}"


def canonical(value):
    """RFC 8785 canonical JSON: members sorted by UTF-16 code units, no white space."""
    if value is None or isinstance(value, (bool, str)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (int, float)):
        return number(value)
    if isinstance(value, list):
        return "[" + ",".join(canonical(item) for item in value) + "]"
    names = sorted(value, key=lambda name: name.encode("utf-16-be", "surrogatepass"))
    return "{" + ",".join(json.dumps(name, ensure_ascii=False) + ":" + canonical(value[name]) for name in names) + "}"


def entry_hash(entry, where):
    """The hash the entry must carry, computed from its other members."""
    names = set(entry) - {"hash"}
    unknown, missing = sorted(names - set(MEMBERS) - set(LATER)), sorted(set(MEMBERS) - names)
    if unknown or missing:
        raise BadEntry(f"{where}: its members are not an entry's (unknown: {unknown}, missing: {missing})")
    if not TIME.match(str(entry["occurredAt"])):
        raise BadEntry(f"{where}: occurredAt is not a UTC time written as YYYY-MM-DDTHH:MM:SS.sssZ")
    hashed = {name: entry[name] for name in MEMBERS}
    hashed.update({name: entry[name] for name in LATER if entry.get(name) is not None and entry[name] is not False})
    try:
        return hashlib.sha256(canonical(hashed).encode("utf-8")).hexdigest()
    except (UnicodeEncodeError, ValueError) as error:  # a lone surrogate, NaN, Infinity
        raise BadEntry(f"{where} holds what JSON text cannot carry ({error})") from None


def read_entries(path):
    """The export's entries by sequence number (an export lists them newest first)."""
    entries = {}
    with open(path, encoding="utf-8") as file:
        for line_number, line in enumerate(file, 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line, parse_constant=float)  # NaN and Infinity: refused when hashed
            except ValueError as error:
                raise BadEntry(f"line {line_number} is not JSON ({error})") from None
            seq = entry.get("seq") if isinstance(entry, dict) else None
            if type(seq) is not int or seq < 1 or not re.fullmatch("[0-9a-f]{64}", str(entry.get("hash"))):
                raise BadEntry(f"line {line_number} is not an entry (a seq from 1 and a hash of 64 hex digits)")
            if seq in entries:
                raise BadEntry(f"entry #{seq} appears twice (again on line {line_number})")
            entries[seq] = entry
    return entries


def check_chain(entries):
    """Raises BadEntry at the first entry that does not hold; returns the hash of the newest."""
    previous = "0" * 64  # what the first entry links to
    for expected, seq in enumerate(sorted(entries), 1):
        entry = entries[seq]
        where = f"entry #{seq} (id {entry.get('id')})"
        if seq != expected:
            raise BadEntry(f"entries #{expected} to #{seq - 1} are missing before {where}: deleted")
        if entry.get("prevHash") != previous:
            raise BadEntry(f"{where}: its prevHash is not the hash of the entry before it")
        computed = entry_hash(entry, where)
        if computed != entry["hash"]:
            raise BadEntry(f"{where} does not match its hash: it was changed (SHA-256 of its content is {computed})")
        previous = entry["hash"]
    return previous


def check_checkpoint(entries, path):
    """The checkpoint's size and hash (lines 2 and 3 of the signed note) must be the export's."""
    with open(path, encoding="utf-8") as file:
        _, size, signed_hash = file.read().split("\n")[:3]
    size, signed_hash = int(size), base64.b64decode(signed_hash, validate=True).hex()
    if size > len(entries):
        raise BadEntry(f"the checkpoint was signed at {size} entries and the export has {len(entries)}: truncated")
    if entries[size]["hash"] != signed_hash:
        raise BadEntry(f"entry #{size} does not have the hash the checkpoint signed: checkpoint mismatch")
    return size


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("export", help="the NDJSON export of the whole log (/audit, Export NDJSON, no filter)")
    parser.add_argument("--checkpoint", help="a signed checkpoint of the log, to hold the export against")
    options = parser.parse_args()
    try:
        entries = read_entries(options.export)
        head = check_chain(entries)
        size = check_checkpoint(entries, options.checkpoint) if options.checkpoint else None
    except BadEntry as problem:
        print(f"NOT intact: {problem}")
        return 1
    except (OSError, ValueError, IndexError, KeyError) as error:
        print(f"Cannot check: {error}", file=sys.stderr)
        return 2
    print(f"intact: {len(entries)} entries chain from the first; the newest, #{len(entries)}, has hash {head}")
    if size:
        print(f"and entry #{size} has the hash the checkpoint signed (check its signature with openssl)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
