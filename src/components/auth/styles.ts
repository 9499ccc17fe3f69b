import { buttonClass, text } from '../ui/classes.ts';

/**
 * Class names of the account forms (login dialog, settings, reset page), taken from the design
 * system (src/components/ui/classes.ts) so they look like every other form; their fields come
 * from the form kit.
 */
export const auth = {
  primary: buttonClass({ variant: 'primary' }),
  secondary: buttonClass({ variant: 'secondary' }),
  danger: buttonClass({ variant: 'danger' }),
  link: buttonClass({ variant: 'link' }),
  error: text.error,
  success: text.success,
} as const;
