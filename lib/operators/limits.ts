/** The shortest initial password an admin may give an operator. */
export const MIN_PASSWORD_LENGTH = 12;
