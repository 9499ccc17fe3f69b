// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import DomainNameCheck from '../../../src/components/islands/DomainNameCheck.tsx';

afterEach(cleanup);

describe('DomainNameCheck', () => {
  it('starts silent and judges the name as the visitor types', () => {
    render(<DomainNameCheck tld="de" />);
    const input = screen.getByRole('textbox', { name: 'Wunschname vor „.de“' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(input.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(input, { target: { value: 'mein_laden' } });
    expect(status.textContent).toBe('Unterstriche sind nicht erlaubt. Verwenden Sie stattdessen einen Bindestrich.');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: 'Bäckerei-Schmitz' } });
    expect(status.textContent).toContain('„bäckerei-schmitz.de“ ist als Domainname zulässig');
    expect(input.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(input, { target: { value: '  ' } });
    expect(status.textContent).toBe('');
  });

  it('ties hint and verdict to the input for screen readers', () => {
    render(<DomainNameCheck tld="eu" />);
    const input = screen.getByRole('textbox', { name: 'Wunschname vor „.eu“' });
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
    expect(described.map((element) => element?.textContent)).toEqual(['Nur den Namen ohne Endung, zum Beispiel „müller-bau“.', '']);
  });
});
