export const MAX_NOTE_LENGTH = 2000;

/** A note's length as a person counts it: an emoji is one character, not the two halves JavaScript counts. */
export const noteLength = (text: string) => [...text].length;
