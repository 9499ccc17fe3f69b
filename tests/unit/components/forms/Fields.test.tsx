// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox, PasswordField, TextField } from '../../../../src/components/forms/Fields.tsx';
import { useFormFields, type FormFields } from '../../../../src/components/forms/useFormFields.ts';

afterEach(cleanup);

const Schema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Bitte geben Sie Ihren Namen an.')),
  secret: v.pipe(v.string(), v.minLength(8, 'Mindestens 8 Zeichen')),
  agreed: v.literal(true, 'Bitte bestätigen Sie.'),
});
const EMPTY = { name: '', secret: '', agreed: false };
type Form = FormFields<typeof EMPTY, v.InferOutput<typeof Schema>>;

function Harness({ form }: { form: Form }) {
  return (
    <>
      <TextField form={form} field="name" label="Name" required hint="wie im Ausweis" />
      <PasswordField form={form} field="secret" label="Passwort" autoComplete="new-password" />
      <Checkbox form={form} field="agreed">
        Einverstanden
      </Checkbox>
    </>
  );
}

describe('form kit', () => {
  it('shows a field error once the field was changed, tied to it with aria-invalid and aria-describedby', () => {
    const { result } = renderHook(() => useFormFields('t', Schema, EMPTY));
    const { rerender } = render(<Harness form={result.current} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(name.getAttribute('aria-describedby')).toBe('t-name-hint');

    act(() => result.current.change('name', ' '));
    rerender(<Harness form={result.current} />);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('t-name-hint t-name-error');
    expect(document.getElementById('t-name-error')?.textContent).toBe('Bitte geben Sie Ihren Namen an.');
    // Not yet changed: no error shown.
    expect(document.getElementById('t-secret-error')).toBeNull();
  });

  it('gives the typed output of the schema only when valid, and every error on submit', () => {
    const { result } = renderHook(() => useFormFields('t', Schema, EMPTY));
    act(() => {
      expect(result.current.touchAll()).toBe(false);
    });
    expect(result.current.shown('agreed')).toBe('Bitte bestätigen Sie.');
    expect(result.current.output).toBeNull();
    act(() => {
      result.current.change('name', '  Erika ');
      result.current.change('secret', 'lang-genug');
      result.current.change('agreed', true);
    });
    expect(result.current.output).toEqual({ name: 'Erika', secret: 'lang-genug', agreed: true });
  });

  it("in 'submit' mode shows errors only after sending and hides a field's error while it is changed", () => {
    const { result } = renderHook(() => useFormFields('t', Schema, EMPTY, { reveal: 'submit', ids: { secret: 'own-id' } }));
    act(() => result.current.change('secret', 'kurz'));
    expect(result.current.shown('secret')).toBeUndefined();
    act(() => {
      result.current.touchAll();
    });
    expect(result.current.shown('secret')).toBe('Mindestens 8 Zeichen');
    expect(result.current.errorId('secret')).toBe('own-id-error');
    act(() => result.current.change('secret', 'kurz2'));
    expect(result.current.shown('secret')).toBeUndefined();
    act(() => result.current.refuse({ secret: 'Das Passwort ist falsch.' }));
    expect(result.current.shown('name')).toBe('Bitte geben Sie Ihren Namen an.');
  });

  it('prefills only fields still empty, keeps what was typed and reveals no error', () => {
    const { result } = renderHook(() => useFormFields('t', Schema, EMPTY));
    act(() => result.current.change('name', 'Selbst getippt'));
    act(() => result.current.prefill({ name: 'Aus dem Konto', secret: 'kurz' }));
    expect(result.current.values).toEqual({ name: 'Selbst getippt', secret: 'kurz', agreed: false });
    expect(result.current.shown('secret')).toBeUndefined();
    expect(result.current.summary).toBeNull();
  });

  it('shows and hides the password with a button that says what it will do', () => {
    const { result } = renderHook(() => useFormFields('t', Schema, EMPTY));
    render(<Harness form={result.current} />);
    const password = screen.getByLabelText('Passwort');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Anzeigen (Passwort)' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Verbergen (Passwort)' }).getAttribute('aria-pressed')).toBe('true');
  });
});
