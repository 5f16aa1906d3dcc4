export const MAX_TAGS = 25;
export const MAX_TAG_LENGTH = 100;
