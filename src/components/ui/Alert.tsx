import type { ReactNode } from 'react';

type AlertTone = 'info' | 'success' | 'warning' | 'error';

const TONE: Readonly<Record<AlertTone, string>> = {
  info: 'border-brand-600 bg-brand-50 text-slate-900 dark:border-brand-300 dark:bg-brand-950 dark:text-slate-100',
  success: 'border-success-700 bg-success-50 text-slate-900 dark:border-success-300 dark:bg-success-950 dark:text-slate-100',
  warning: 'border-warning-700 bg-warning-50 text-slate-900 dark:border-warning-300 dark:bg-warning-950 dark:text-slate-100',
  error: 'border-danger-700 bg-danger-50 text-slate-900 dark:border-danger-300 dark:bg-danger-950 dark:text-slate-100',
};

// The title's colour names the tone for the eye (text, never colour alone, says what happened).
const TITLE: Readonly<Record<AlertTone, string>> = {
  info: 'text-brand-700 dark:text-brand-300',
  success: 'text-success-800 dark:text-success-300',
  warning: 'text-warning-800 dark:text-warning-300',
  error: 'text-danger-800 dark:text-danger-300',
};

export interface AlertProps {
  tone?: AlertTone;
  /** A short title above the text, as a heading of this level, or in bold when no level is given. */
  title?: ReactNode;
  titleLevel?: 2 | 3 | 4;
  /**
   * How it is announced. By default an error interrupts (role alert) and a success is read when
   * there is a pause (role status); info and warning notices that stand on the page from the start
   * are not live regions ('none'). An alert that appears after an action must be rendered only then.
   */
  role?: 'alert' | 'status' | 'none';
  id?: string;
  className?: string;
  children?: ReactNode;
}

/** A notice with a coloured edge: info, success, warning or error. */
export function Alert({ tone = 'info', title, titleLevel, role, id, className, children }: AlertProps) {
  const live = role ?? (tone === 'error' ? 'alert' : tone === 'success' ? 'status' : 'none');
  const Title = titleLevel ? (`h${titleLevel}` as const) : 'p';
  return (
    <div id={id} role={live === 'none' ? undefined : live} className={`rounded-card border-l-4 px-4 py-3 ${TONE[tone]}${className ? ` ${className}` : ''}`}>
      {title && <Title className={`font-semibold ${TITLE[tone]}`}>{title}</Title>}
      {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
    </div>
  );
}
