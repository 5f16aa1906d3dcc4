/** The longest search of the users page. */
export const MAX_SEARCH_LENGTH = 100;
