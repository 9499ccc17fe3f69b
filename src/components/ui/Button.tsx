import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { buttonClass, type ButtonLook } from './classes.ts';

interface Common extends ButtonLook {
  children: ReactNode;
  /** Classes after the kit's, e.g. a margin; never to restyle the variant. */
  className?: string | undefined;
}

type AsButton = Common &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children'> & {
    href?: undefined;
    /**
     * While the step it started runs: disabled (no second send), aria-busy, and a spinner before
     * the label, which stays as it is so the button keeps its name.
     */
    pending?: boolean | undefined;
    ref?: Ref<HTMLButtonElement>;
  };

type AsLink = Common &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'children'> & {
    /** Renders a link that looks like a button: it goes somewhere, it does not act. */
    href: string;
    pending?: never;
    ref?: Ref<HTMLAnchorElement>;
  };

export type ButtonProps = AsButton | AsLink;

/**
 * The site's one button (docs/decisions/0069-design-system.md): variants primary, secondary,
 * danger, ghost and link, sizes sm, md and lg. Given `href` it is an <a>. Rendered from an .astro
 * page without a client directive it is plain HTML and ships no JavaScript.
 */
export function Button(props: ButtonProps) {
  if (props.href !== undefined) {
    const { variant, size, block, className, children, ref, ...anchor } = props;
    return (
      <a {...anchor} ref={ref} className={join(buttonClass({ variant, size, block }), className)}>
        {children}
      </a>
    );
  }
  const { variant, size, block, className, children, pending = false, disabled, type = 'button', ref, ...button } = props;
  return (
    <button
      {...button}
      ref={ref}
      type={type}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className={join(buttonClass({ variant, size, block }), className)}
    >
      {pending && <Spinner />}
      {children}
    </button>
  );
}

function join(kit: string, extra: string | undefined) {
  return extra ? `${kit} ${extra}` : kit;
}

/**
 * A ring that turns while something is under way; for the eye only (the button says it with
 * aria-busy). With reduced motion it stands still (motion-safe), a quarter of it still marked.
 */
function Spinner({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" aria-hidden="true" focusable="false" className={`shrink-0 motion-safe:animate-spin ${className}`} data-spinner="">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
