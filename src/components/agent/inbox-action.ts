import type { InboxItem } from '../../lib/agent/inbox-types.ts';
import type { InboxAction } from '../../lib/schemas/inbox.ts';

/**
 * How an item's own form sends its action through the inbox detail, which shows the outcome:
 * `done` words the success, `onFieldErrors` takes the server's field errors of a refused form (400).
 */
export type RunInboxAction = (action: InboxAction, done: (changed: InboxItem) => string, onFieldErrors?: (errors: Record<string, string>) => void) => Promise<void>;
