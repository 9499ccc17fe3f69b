// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DescriptionField } from '../../../src/components/configurator/DescriptionField.tsx';

afterEach(cleanup);

describe('configurator DescriptionField', () => {
  it('reports changes and ties a shown error to the textarea', () => {
    const typed: string[] = [];
    const { rerender } = render(<DescriptionField label="Projektbeschreibung" description={{ message: '', onMessageChange: (m) => typed.push(m) }} />);
    const textarea = screen.getByRole('textbox', { name: 'Projektbeschreibung' });
    expect(textarea.getAttribute('aria-invalid')).toBeNull();
    expect(textarea.getAttribute('aria-describedby')).toBeNull();
    fireEvent.change(textarea, { target: { value: 'Ein Kundenportal' } });
    expect(typed).toEqual(['Ein Kundenportal']);

    const error = 'Höchstens 5000 Zeichen';
    rerender(<DescriptionField label="Projektbeschreibung" description={{ message: 'x', onMessageChange: () => {}, error }} />);
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    const describedBy = textarea.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(error);
  });
});
