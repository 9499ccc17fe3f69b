/**
 * The kit's class builders (docs/decisions/0069-design-system.md): every control, card and text
 * style of the site comes from here, built on the tokens of src/styles/global.css. The React
 * components of this folder use them, and so can an .astro page or a link styled as a button
 * (`<a class={buttonClass({ variant: 'secondary' })}>`), so no page repeats a class string of its own.
 * Every pair of text and ground keeps WCAG 2.1 AA in both themes: text 4.5:1, borders of
 * controls 3:1 (WCAG 1.4.11).
 */

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';
type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  /**
   * The full width of its container (a form's only button, a card's call to action); 'phone' only
   * below `sm`, where a pair of calls to action stacks into two equal bars.
   */
  block?: boolean | 'phone' | undefined;
}

// A pending button is disabled too, but keeps its colours (only the cursor says 'wait'), so its
// label stays readable next to the spinner; a merely disabled one turns grey.
const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-control font-semibold transition-colors aria-busy:cursor-progress disabled:not-aria-busy:cursor-not-allowed';

const BUTTON_VARIANT: Readonly<Record<ButtonVariant, string>> = {
  primary:
    'bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:not-aria-busy:bg-slate-400 disabled:not-aria-busy:shadow-none dark:disabled:not-aria-busy:bg-slate-600',
  secondary:
    'border border-slate-400 bg-white text-slate-800 hover:border-slate-500 hover:bg-slate-100 disabled:not-aria-busy:opacity-60 dark:border-slate-500 dark:bg-transparent dark:text-slate-100 dark:hover:bg-slate-800',
  danger:
    'bg-danger-700 text-white shadow-sm hover:bg-danger-800 disabled:not-aria-busy:bg-slate-400 disabled:not-aria-busy:shadow-none dark:disabled:not-aria-busy:bg-slate-600',
  ghost: 'text-brand-700 hover:bg-brand-50 disabled:not-aria-busy:opacity-60 dark:text-brand-300 dark:hover:bg-slate-800',
  link: 'text-brand-700 underline underline-offset-2 hover:text-brand-800 disabled:not-aria-busy:opacity-60 dark:text-brand-300 dark:hover:text-brand-100',
};

// The link variant sits in running text: no padding, no box of its own.
const BUTTON_SIZE: Readonly<Record<ButtonSize, string>> = {
  sm: 'min-h-9 px-3 py-1.5 text-small',
  md: 'min-h-11 px-5 py-2.5',
  lg: 'min-h-12 px-6 py-3 text-lead',
};

export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonLook = {}): string {
  const sizing = variant === 'link' ? 'font-medium' : BUTTON_SIZE[size];
  const width = block === 'phone' ? 'max-sm:w-full' : block ? 'w-full' : '';
  return [BUTTON_BASE, BUTTON_VARIANT[variant], sizing, width].filter(Boolean).join(' ');
}

/**
 * Text styles. Headings break long German compounds (hyphens, anywhere as a last resort), so
 * nothing scrolls sideways at 320 px (WCAG 1.4.10).
 */
export const text = {
  display: 'text-display text-balance break-words hyphens-auto text-slate-900 dark:text-white',
  h1: 'text-h1 text-balance break-words hyphens-auto text-slate-900 dark:text-white',
  h2: 'text-h2 break-words hyphens-auto text-slate-900 dark:text-white',
  h3: 'text-h3 break-words hyphens-auto text-slate-900 dark:text-white',
  lead: 'text-lead text-slate-700 dark:text-slate-300',
  // Body text takes the page's size (text-body) and only sets the colour, so it combines with any size.
  body: 'text-slate-700 dark:text-slate-300',
  small: 'text-small text-slate-700 dark:text-slate-300',
  muted: 'text-small text-slate-600 dark:text-slate-400',
  /** A term, a field's label, a small heading inside a card. */
  label: 'font-semibold text-slate-900 dark:text-slate-100',
  /**
   * Text a person typed (names, e-mail addresses, messages): a word of any length breaks where it
   * must. `anywhere`, not `break-word`: only it lowers the box's narrowest width, so the grid or flex
   * item that holds the text shrinks to the screen instead of widening the page (an order's e-mail
   * address in the agents' inbox made /agent/dashboard 453 px wide on a 320 px phone).
   */
  typed: 'wrap-anywhere',
  /** A link in running text. */
  link: 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-100',
  /** The outcome of a step, in a live region that is always there. */
  error: 'text-small font-medium text-danger-700 dark:text-danger-300',
  success: 'font-medium text-success-700 dark:text-success-300',
} as const;

/** A field's parts: the label above, the control, its hint and its error below. */
export const field = {
  label: 'font-medium text-slate-900 dark:text-slate-100',
  // Slate 500 on white (and 400 on the dark ground) keeps the border at the 3:1 of WCAG 1.4.11.
  control:
    'block w-full rounded-control border border-slate-500 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-danger-700 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-[invalid=true]:border-danger-300',
  hint: 'mt-1 text-small text-slate-600 dark:text-slate-400',
  error: 'mt-1 text-small font-medium text-danger-700 dark:text-danger-300',
  box: 'h-5 w-5 shrink-0 accent-brand-600 dark:accent-brand-400',
} as const;

export type CardTone = 'plain' | 'band' | 'muted' | 'brand' | 'danger';

const CARD_TONE: Readonly<Record<CardTone, string>> = {
  plain: 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900',
  // On a grey band (bg-slate-50, dark bg-slate-900): in the dark theme one step lighter than the band.
  band: 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800',
  muted: 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-900',
  // The highlighted one (the recommended package, a selected item): a brand border that stands out at 3:1 in both themes.
  brand: 'border-brand-600 bg-white ring-1 ring-brand-600 dark:border-brand-400 dark:bg-slate-900 dark:ring-brand-400',
  // What cannot be undone (deleting the account) stands apart.
  danger: 'border-danger-300 bg-white dark:border-danger-800 dark:bg-slate-900',
};

export function cardClass({ tone = 'plain', padding = 'md', raised = false }: { tone?: CardTone; padding?: 'sm' | 'md' | 'none'; raised?: boolean } = {}): string {
  const pad = padding === 'none' ? '' : padding === 'sm' ? 'p-4' : 'p-5 md:p-card';
  return ['rounded-card border', CARD_TONE[tone], raised ? 'shadow-raised' : 'shadow-card dark:shadow-none', pad].filter(Boolean).join(' ');
}

export type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

// Solid fills carry white (or, on amber, dark) text at ≥ 4.5:1 on either theme's ground; the neutral one is an outline.
const BADGE_TONE: Readonly<Record<Tone, string>> = {
  neutral: 'border border-slate-400 text-slate-800 dark:border-slate-500 dark:text-slate-200',
  brand: 'bg-brand-700 text-white dark:bg-brand-300 dark:text-slate-950',
  success: 'bg-success-700 text-white dark:bg-success-300 dark:text-slate-950',
  warning: 'bg-warning-300 text-slate-950',
  danger: 'bg-danger-700 text-white dark:bg-danger-300 dark:text-slate-950',
};

export function badgeClass(tone: Tone = 'neutral'): string {
  return `inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_TONE[tone]}`;
}

/** A button in a list that selects one item (a conversation, an inbox entry); the selected one is marked by colour and aria-current. */
export function listItemClass(selected: boolean): string {
  const state = selected
    ? 'border-brand-600 bg-brand-50 dark:border-brand-300 dark:bg-slate-800'
    : 'border-slate-200 bg-white hover:border-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-500';
  return `grid w-full gap-1 rounded-card border px-4 py-3 text-left transition-colors hover:bg-slate-50 dark:hover:bg-slate-800 ${state}`;
}

/** The square behind a card's icon (a service, a benefit, a step). */
export const iconTile = 'flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-300';

/** A line between the parts of a card. */
export const divider = 'border-t border-slate-200 dark:border-slate-700';
