import type { ChatServiceConfig } from "./config";
import type { ChatStore } from "./db/client";
import { forgetLastMessages } from "./known-last-messages";

/** The running service's configuration and database, set once by its start (./server.ts). */
let current: { config: ChatServiceConfig; store: ChatStore } | undefined;

export function setService(config: ChatServiceConfig, store: ChatStore): void {
  current = { config, store };
  forgetLastMessages();
}

function service() {
  if (!current) throw new Error("The embedded chat service has not started.");
  return current;
}

export const chatStore = () => service().store;
export const chatConfig = () => service().config;
