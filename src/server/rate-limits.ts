/**
 * Every rate limit of the site in one place (decision 0037). A rule allows `limit` requests at
 * once per key and gives one back every `windowSeconds / limit` seconds (a token bucket, see
 * rate-limit.ts), so no moment lets more than `limit` through in a row and over any long stretch
 * at most `limit` per window pass. The key is the client's IP unless the call site names one.
 */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
  /** Why this limit exists and why this size: the table doubles as its documentation. */
  reason: string;
}

const MINUTE = 60;
const QUARTER_HOUR = 15 * MINUTE;
const TEN_MINUTES = 10 * MINUTE;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const rateLimits = {
  // Password checks (ASVS 2.2.1). Only the first two refuse; src/server/auth/throttle.ts.
  'login-pair': {
    limit: 10,
    windowSeconds: QUARTER_HOUR,
    reason: 'Wrong passwords for one address from one client: ten guesses, then one every 90 s. The owner elsewhere stays free.',
  },
  'login-client': {
    limit: 100,
    windowSeconds: QUARTER_HOUR,
    reason: 'Every password check from one client, for any addresses (credential stuffing); room for the logins of a shared office address.',
  },
  'login-account': {
    limit: 20,
    windowSeconds: QUARTER_HOUR,
    reason: 'Wrong passwords for one address from all clients together; beyond it each check is slowed, never refused, so nobody can lock the owner out.',
  },

  // Accounts.
  register: { limit: 10, windowSeconds: HOUR, reason: 'Each registration costs a bcrypt hash and a mail.' },
  'registration-owner-notice': {
    limit: 3,
    windowSeconds: DAY,
    reason: 'Notices to the owner of a taken address (key: the address): a stranger registering it from changing IPs must not flood that inbox.',
  },
  'confirm-email': { limit: 10, windowSeconds: QUARTER_HOUR, reason: 'Confirmation tokens guessed from one client.' },
  'confirmation-link': {
    limit: 3,
    windowSeconds: HOUR,
    reason: 'Each request mails the account (key: the user): a few an hour are plenty for a lost or expired link.',
  },
  'forgot-password': { limit: 5, windowSeconds: QUARTER_HOUR, reason: 'Each request may mail a reset link to an address someone typed.' },
  'reset-password': { limit: 10, windowSeconds: QUARTER_HOUR, reason: 'Reset tokens guessed from one client; each success costs a bcrypt hash.' },
  'google-callback': { limit: 30, windowSeconds: QUARTER_HOUR, reason: "Each callback costs a call to Google's token endpoint." },

  // Orders, inquiries and forms: each stores data and sends mails.
  orders: { limit: 30, windowSeconds: TEN_MINUTES, reason: 'Each order stores data and mails the customer and the company.' },
  inquiry: { limit: 5, windowSeconds: TEN_MINUTES, reason: 'The contact form mails the company; a person sends one or two.' },
  'forms-order-inquiry': { limit: 10, windowSeconds: TEN_MINUTES, reason: 'Each inquiry stores data and sends mails.' },
  'forms-demo-request': { limit: 10, windowSeconds: TEN_MINUTES, reason: 'Each request stores data and sends mails.' },
  'forms-av-request': { limit: 10, windowSeconds: TEN_MINUTES, reason: 'Each request stores data and sends mails.' },
  'forms-cancellation': { limit: 10, windowSeconds: TEN_MINUTES, reason: 'Each declaration stores data and mails a receipt.' },
  'forms-cancellation-identity': {
    limit: 20,
    windowSeconds: TEN_MINUTES,
    reason: 'Looking up contracts by customer data; more than the declarations, since a typo means another try.',
  },
  'forms-withdrawal': { limit: 10, windowSeconds: TEN_MINUTES, reason: 'Each declaration stores data and mails a receipt.' },
  clickdummy: {
    limit: 5,
    windowSeconds: TEN_MINUTES,
    reason: 'Each request mails an address the visitor typed, without a security check: this limit keeps it from being a mail cannon.',
  },

  // Chat.
  'chat-message': { limit: 20, windowSeconds: MINUTE, reason: 'Per sender (account or visitor cookie): a person types far fewer than 20 messages a minute.' },
  'chat-message-ip': { limit: 120, windowSeconds: TEN_MINUTES, reason: 'Per client as well, since a script can drop its cookies and fetch new ones.' },
  'chat-email': { limit: 10, windowSeconds: TEN_MINUTES, reason: 'Leaving a reply address is rare; more than a few tries is a script.' },

  // Security checks of the forms.
  'captcha-new': { limit: 30, windowSeconds: MINUTE, reason: 'Each new captcha is a database row and a rendered picture.' },
  'captcha-check': { limit: 30, windowSeconds: MINUTE, reason: 'Answers guessed from one client (each captcha also dies after a few wrong ones).' },
  'hashcash-task': { limit: 30, windowSeconds: MINUTE, reason: 'Each task is signed and stored for its single use.' },
  'hashcash-check': { limit: 30, windowSeconds: MINUTE, reason: 'Solutions checked from one client.' },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof rateLimits;
