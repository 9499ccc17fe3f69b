import type { HTMLAttributes, ReactNode } from 'react';
import { badgeClass, type Tone } from './classes.ts';

export type BadgeProps = Omit<HTMLAttributes<HTMLSpanElement>, 'className'> & { tone?: Tone; className?: string; children: ReactNode };

/** A short status or count beside a title ('Offen', '3 ungelesen', 'Empfohlen'); its text says it, the colour only underlines it. */
export function Badge({ tone = 'neutral', className, children, ...rest }: BadgeProps) {
  return (
    <span {...rest} className={className ? `${badgeClass(tone)} ${className}` : badgeClass(tone)}>
      {children}
    </span>
  );
}
