// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DescriptionField, type ConfiguratorDescription } from '../../../src/components/configurator/DescriptionField.tsx';

afterEach(cleanup);

/** The description as the request form holds it: its message, its shown error, and where changes go. */
function description(message: string, onMessageChange: (message: string) => void, error?: string): ConfiguratorDescription {
  return {
    values: { message },
    id: () => 'configurator-message',
    errorId: () => 'configurator-message-error',
    shown: () => error,
    change: (_field, value) => onMessageChange(value),
  };
}

describe('configurator DescriptionField', () => {
  it('reports changes and ties a shown error to the textarea', () => {
    const typed: string[] = [];
    const { rerender } = render(<DescriptionField label="Projektbeschreibung" description={description('', (m) => typed.push(m))} />);
    const textarea = screen.getByRole('textbox', { name: 'Projektbeschreibung' });
    expect(textarea.getAttribute('aria-invalid')).toBeNull();
    expect(textarea.getAttribute('aria-describedby')).toBeNull();
    fireEvent.change(textarea, { target: { value: 'Ein Kundenportal' } });
    expect(typed).toEqual(['Ein Kundenportal']);

    const error = 'Höchstens 5000 Zeichen';
    rerender(<DescriptionField label="Projektbeschreibung" description={description('x', () => {}, error)} />);
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    const describedBy = textarea.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(error);
  });
});
