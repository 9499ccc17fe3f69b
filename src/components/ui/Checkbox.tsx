import type { InputHTMLAttributes, ReactNode } from 'react';
import { field } from './classes.ts';
import { errorId, FieldError, FieldHint, fieldAria, Marks } from './Field.tsx';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className' | 'aria-invalid' | 'aria-describedby' | 'children'> & {
  id: string;
  /** The label, right of the box. */
  children: ReactNode;
  /** What ticking it means, below the box and read with it. */
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
};

/** A checkbox with its label beside it, and hint and error below, wired like every other field. */
export function Checkbox({ id, children, hint, error, required, className, ...native }: CheckboxProps) {
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input {...native} id={id} type="checkbox" required={required} {...fieldAria(id, { hint, error })} className={`mt-0.5 ${field.box}`} />
        <label htmlFor={id}>
          {children}
          <Marks required={required} />
        </label>
      </div>
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={errorId(id)} message={error} />
    </div>
  );
}
