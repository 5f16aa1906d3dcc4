import { expect } from "vitest";

/**
 * What the contract (sections 2.1 to 2.5) and the vendor's error shape require of the embedded
 * chat service's answers, shared by the contract test files.
 */
export const integer = expect.any(Number);
export const string = expect.any(String);

function expectInteger(value: unknown) {
  expect(Number.isInteger(value)).toBe(true);
}

/** User entity of 2.3: uid, name, role, avatar, status, createdAt, and optionally link, updatedAt, conversationId. */
export function expectUserEntity(entity: Record<string, unknown>) {
  expect(entity).toMatchObject({ uid: string, name: string, role: string, status: string, createdAt: integer });
  for (const field of ["avatar", "link", "conversationId"]) {
    if (field in entity) expect(typeof entity[field]).toBe("string");
  }
  if ("updatedAt" in entity) expectInteger(entity.updatedAt);
}

/** Group entity of 2.3. */
export function expectGroupEntity(entity: Record<string, unknown>) {
  expect(entity).toMatchObject({
    guid: string,
    icon: string,
    name: string,
    type: string,
    owner: string,
    createdAt: integer,
    updatedAt: integer,
    updatedBy: string,
    description: string,
    membersCount: integer,
    conversationId: `group_${entity.guid as string}`,
  });
}

/** Message of 2.2. */
function expectMessage(message: Record<string, any>, conversationId: string) {
  expect(message).toMatchObject({
    id: string,
    conversationId,
    sender: string,
    receiverType: string,
    receiver: string,
    category: string,
    type: string,
    data: expect.any(Object),
    sentAt: integer,
    updatedAt: integer,
  });
  expect(Array.isArray(message.receipts.data)).toBe(true);
  for (const inner of message.receipts.data) expect(Array.isArray(inner)).toBe(true);
}

/** Conversation of 2.1. */
export function expectConversation(record: Record<string, any>) {
  expect(record).toMatchObject({
    conversationId: string,
    conversationType: string,
    unreadMessageCount: expect.stringMatching(/^\d+$/),
    createdAt: integer,
    updatedAt: integer,
    conversationWith: expect.any(Object),
  });
  expect(Array.isArray(record.tags)).toBe(true);
  if (record.lastMessage) expectMessage(record.lastMessage, record.conversationId);
}

export function expectVendorError(call: { body: any }, code: string) {
  expect(call.body).toEqual({
    error: expect.objectContaining({ code, message: string, devMessage: string, source: "chat-api" }),
  });
}
