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

/** One rule a line, so the table reads as limit, window and reason side by side. */
function rule(limit: number, windowSeconds: number, reason: string): RateLimitRule {
  return { limit, windowSeconds, reason };
}

export const rateLimits = {
  // Password checks (ASVS 2.2.1, decisions 0037 and 0065): src/server/auth/throttle.ts.
  'login-pair': rule(10, QUARTER_HOUR, 'Wrong passwords for one address from one client: ten guesses, then one every 90 s. The owner elsewhere stays free.'),
  'login-client': rule(100, QUARTER_HOUR, 'Every password check from one client, for any addresses (credential stuffing); room for the logins of a shared office address.'),
  'login-challenge': rule(20, QUARTER_HOUR, 'Wrong passwords for one address from all clients without a challenge; beyond it each login of the address needs a solved captcha, so guesses from many clients cost a solver each while the owner still gets in. Twice login-pair: one guesser alone never makes the owner solve one.'),
  'login-account': rule(50, HOUR, 'Failed checks for one address from all clients, challenged or not: 50 at once, then one every 72 s, so no hour sees more than 100 (ASVS 2.2.1). Beyond it no password is checked; the reset link is the way in.'),

  // Accounts.
  register: rule(10, HOUR, 'Each registration costs a bcrypt hash and a mail.'),
  'registration-owner-notice': rule(3, DAY, 'Notices to the owner of a taken address (key: the address): a stranger registering it from changing IPs must not flood that inbox.'),
  'confirm-email': rule(10, QUARTER_HOUR, 'Confirmation tokens guessed from one client.'),
  'confirmation-link': rule(3, HOUR, 'Each request mails the account (key: the user): a few an hour are plenty for a lost or expired link.'),
  'forgot-password': rule(5, QUARTER_HOUR, 'Each request may mail a reset link to an address someone typed.'),
  'reset-password': rule(10, QUARTER_HOUR, 'Reset tokens guessed from one client; each success costs a bcrypt hash.'),
  'google-callback': rule(30, QUARTER_HOUR, "Each callback costs a call to Google's token endpoint."),

  // Orders, inquiries and forms: each stores data and sends mails.
  orders: rule(30, TEN_MINUTES, 'Each order stores data and mails the customer and the company.'),
  inquiry: rule(5, TEN_MINUTES, 'The contact form mails the company; a person sends one or two.'),
  'forms-order-inquiry': rule(10, TEN_MINUTES, 'Each inquiry stores data and sends mails.'),
  'forms-demo-request': rule(10, TEN_MINUTES, 'Each request stores data and sends mails.'),
  'forms-av-request': rule(10, TEN_MINUTES, 'Each request stores data and sends mails.'),
  'forms-cancellation': rule(10, TEN_MINUTES, 'Each declaration stores data and mails a receipt.'),
  'forms-cancellation-identity': rule(20, TEN_MINUTES, 'Identity links tried from one client; a confirmation may end a contract. More than the declarations: a link broken by a mail program means another try.'),
  'forms-withdrawal': rule(10, TEN_MINUTES, 'Each declaration stores data and mails a receipt.'),
  'forms-withdrawal-identity': rule(20, TEN_MINUTES, 'Identity links tried from one client; a confirmation may withdraw an order. Like the cancellation\'s link.'),
  clickdummy: rule(5, TEN_MINUTES, 'Each request mails an address the visitor typed, without a security check: this limit keeps it from being a mail cannon.'),

  // Agents.
  'invoice-reminder': rule(60, HOUR, "Per agent: each reminder mails a customer. A day's overdue invoices fit; a script or a stuck button does not."),

  // Chat.
  'chat-message': rule(20, MINUTE, 'Per sender (account or visitor cookie): a person types far fewer than 20 messages a minute.'),
  'chat-message-ip': rule(120, TEN_MINUTES, 'Per client as well, since a script can drop its cookies and fetch new ones.'),
  'chat-email': rule(10, TEN_MINUTES, 'Leaving a reply address is rare; more than a few tries is a script.'),

  // Security checks of the forms.
  'captcha-new': rule(30, MINUTE, 'Each new captcha is a database row and a rendered picture.'),
  'captcha-check': rule(30, MINUTE, 'Answers guessed from one client (each captcha also dies after a few wrong ones).'),
  'hashcash-task': rule(30, MINUTE, 'Each task is signed and stored for its single use.'),
  'hashcash-check': rule(30, MINUTE, 'Solutions checked from one client.'),
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof rateLimits;
