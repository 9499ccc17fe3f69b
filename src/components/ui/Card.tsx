import type { HTMLAttributes, ReactNode } from 'react';
import { cardClass, type CardTone } from './classes.ts';

export type CardProps = Omit<HTMLAttributes<HTMLElement>, 'className'> & {
  /** The element: a section with a heading, an article, a list item of a grid of cards. */
  as?: 'div' | 'section' | 'article' | 'li' | 'aside';
  tone?: CardTone;
  padding?: 'sm' | 'md' | 'none';
  /** Floats above its neighbours (the highlighted package, a panel beside a form). */
  raised?: boolean;
  className?: string | undefined;
  children: ReactNode;
};

/** A rounded-xl surface with a subtle border and shadow (dark: slate-900 on slate-950, border only). */
export function Card({ as: Element = 'div', tone, padding, raised, className, children, ...rest }: CardProps) {
  const classes = cardClass({ tone, padding, raised });
  return (
    <Element {...rest} className={className ? `${classes} ${className}` : classes}>
      {children}
    </Element>
  );
}
