/**
 * An answer already written as JSON text, sent as it is (./http.ts): for the answers too large to
 * build as objects and serialise again, such as a page of 1,000 messages joined from their records'
 * stored text (./message-list.ts).
 */
export class JsonText {
  constructor(readonly text: string) {}
}
