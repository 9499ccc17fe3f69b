// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplyEmailForm } from '../../../../src/components/chat/ReplyEmailForm.tsx';
import { chatTexts } from '../../../../src/lib/chat/texts.ts';
import { INVALID_INPUT } from '../../../../src/lib/schemas/issues.ts';

afterEach(cleanup);
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const field = () => screen.getByRole('textbox', { name: chatTexts.emailLabel });
const save = () => fireEvent.click(screen.getByRole('button', { name: chatTexts.emailSave }));
const summary = () => screen.getByRole('alert', { name: INVALID_INPUT });

describe('ReplyEmailForm', () => {
  it('a failed send focuses the error summary, whose link leads to the address field; the field keeps its error and nothing is saved', () => {
    const onSave = vi.fn(() => Promise.resolve(null));
    render(<ReplyEmailForm onSave={onSave} />);
    fireEvent.change(field(), { target: { value: 'keine-adresse' } });
    save();
    expect(document.activeElement).toBe(summary());
    const link = within(summary()).getByRole('link', { name: 'Ungültige E-Mail-Adresse' });
    expect(link.getAttribute('href')).toBe(`#${field().id}`);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${field().id}-error`)?.textContent).toBe('Ungültige E-Mail-Adresse');
    fireEvent.click(link);
    expect(document.activeElement).toBe(field());
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the address the same way, and a failed step below the form without a summary", async () => {
    const onSave = vi
      .fn()
      .mockResolvedValueOnce({ field: 'email', message: 'Diese Adresse nimmt keine Post an.' })
      .mockResolvedValueOnce({ field: null, message: chatTexts.emailFailed });
    render(<ReplyEmailForm onSave={onSave} />);
    fireEvent.change(field(), { target: { value: 'erika@example.test' } });
    save();
    await waitFor(() => expect(document.activeElement).toBe(summary()));
    expect(onSave).toHaveBeenCalledWith('erika@example.test');
    expect(within(summary()).getByRole('link').textContent).toBe('Diese Adresse nimmt keine Post an.');

    // Changing the field clears the server's error, and the summary with it.
    fireEvent.change(field(), { target: { value: 'erika.mustermann@example.test' } });
    expect(screen.queryByRole('alert', { name: INVALID_INPUT })).toBeNull();
    save();
    expect(await screen.findByText(chatTexts.emailFailed)).toBeTruthy();
    expect(screen.queryByRole('alert', { name: INVALID_INPUT })).toBeNull();
  });
});
