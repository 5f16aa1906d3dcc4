import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import type { Writable } from "node:stream";
import { formatWithOptions, stripVTControlCharacters } from "node:util";
import { logSettings, type LogSettings } from "@/lib/env-log";

export type { Logger };

/**
 * The server log of a console process (and of the standalone chat service): one JSON object a line
 * on stdout (`LOG_FORMAT=pretty` for people), at `LOG_LEVEL`. One logger a process, on globalThis:
 * the process's HTTP server (scripts/serve.ts) and Next's server bundle load this module apart.
 */

/** Field names whose values are never written, at any of the first three depths of an entry. */
const SECRET_FIELDS = [
  "apikey",
  "apiKey",
  "password",
  "newPassword",
  "cookie",
  "set-cookie",
  "authorization",
  "token",
  "sessionToken",
  "csrfToken",
  "secret",
  "authSecret",
];

const redactPaths = SECRET_FIELDS.flatMap((field) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
  const step = key.startsWith("[") ? key : `.${key}`;
  return [key, `*${step}`, `*.*${step}`];
});

/** A logger with these settings, on stdout unless a test gives it somewhere else to write. */
export function createLogger(settings: LogSettings, destination?: Writable): Logger {
  const options: pino.LoggerOptions = {
    level: settings.level,
    timestamp: pino.stdTimeFunctions.isoTime,
    // "level": "info" rather than pino's number: what log collectors and people read.
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: redactPaths, censor: "[redacted]" },
  };
  // Synchronous writes: a line logged just before the process exits (a shutdown's last) is not lost.
  if (settings.format === "pretty")
    return pino(
      options,
      pretty({
        sync: true,
        colorize: !destination && Boolean(process.stdout.isTTY),
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "pid,hostname",
        ...(destination ? { destination } : {}),
      }),
    );
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
}

const holder = globalThis as typeof globalThis & { __moderatorConsoleLog?: Logger };

/** The process's logger; `log().child({ component })` for a part of it. */
export function log(): Logger {
  holder.__moderatorConsoleLog ??= createLogger(logSettings());
  return holder.__moderatorConsoleLog;
}

/**
 * Lines that other code writes with `console` (Next's "✓ Running next.config.mjs", its request
 * errors) become entries of the process's log, so that with LOG_FORMAT=json every line of stdout is
 * one JSON object. An Error among the arguments is the entry's `err`; the rest is its message.
 */
export function routeConsoleToLog(): void {
  const next = () => log().child({ component: "next" });
  const write =
    (level: "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const err = args.find((arg): arg is Error => arg instanceof Error);
      const text = formatWithOptions({ colors: false }, ...args.filter((arg) => arg !== err));
      // Next's marks (✓, ⚠, ⨯, ▲) and colours say what the level says.
      const msg = stripVTControlCharacters(text)
        .replace(/^\s*[✓⚠⨯▲○●◐]\s*/u, "")
        .trim();
      next()[level](err ? { err } : {}, msg || (err?.message ?? ""));
    };
  console.log = write("info");
  console.info = write("info");
  console.warn = write("warn");
  console.error = write("error");
}
