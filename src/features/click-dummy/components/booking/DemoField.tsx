import type { ReactNode } from 'react';
import { demoError, demoInput, demoLabel } from './ui.ts';

/** What every control of a demo field carries: its id, its look, and the link to its error. */
interface DemoControl {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface DemoFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  className?: string;
  /** Renders the control (input, select, textarea) with the given props spread onto it. */
  children: (control: DemoControl) => ReactNode;
}

/**
 * A field of the booking demo: label, control and its error message below, wired together by id
 * so that screen readers announce the error with the control.
 */
export function DemoField({ id, label, error, className, children }: DemoFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={demoLabel}>
        {label}
      </label>
      {children({ id, className: demoInput, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className={demoError}>
          {error}
        </p>
      )}
    </div>
  );
}
