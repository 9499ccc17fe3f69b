/**
 * Machine-readable reasons an error answer carries in `code` next to its German `message`: the
 * browser reacts to them without reading the text, which may change.
 */
export const errorCodes = {
  /** The hashcash solutions were invalid, too few or spent: fresh tasks and one more try may pass. */
  proofOfWorkRefused: 'proof-of-work-refused',
  /** The login's address was guessed at from many clients: the next try needs a solved captcha (decision 0065). */
  challengeRequired: 'challenge-required',
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
