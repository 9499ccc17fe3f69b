// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthError } from '../../../src/client/auth.ts';
import { LoginForm } from '../../../src/components/auth/LoginForm.tsx';
import { errorCodes } from '../../../src/lib/http/error-codes.ts';
import { authMessages, throttleMessages } from '../../../src/lib/schemas/auth.ts';

const login = vi.fn<(email: string, password: string, rememberMe: boolean, captcha?: string) => Promise<void>>();
vi.mock('../../../src/components/auth/AuthProvider.tsx', () => ({ useAuth: () => ({ login }) }));

function renderForm() {
  const onSuccess = vi.fn();
  render(<LoginForm onSuccess={onSuccess} onForgotPassword={() => {}} onRegister={() => {}} googleHref={null} />);
  fireEvent.change(screen.getByLabelText(/^E-Mail/), { target: { value: 'erika@example.test' } });
  fireEvent.change(screen.getByLabelText(/^Passwort/, { selector: 'input' }), { target: { value: 'richtig-geheim-1' } });
  return { onSuccess, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Anmelden' })) };
}

/** Decisions 0064 and 0065 in the login dialog. */
describe('login form', () => {
  afterEach(() => {
    cleanup();
    login.mockReset();
  });

  it('says what "Angemeldet bleiben" means, read with the box', () => {
    renderForm();
    const box = screen.getByRole('checkbox', { name: /^Angemeldet bleiben/ });
    const hint = document.getElementById(box.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Sie bleiben auf diesem Gerät bis zu 12 Stunden angemeldet, auch wenn Sie den Browser schließen. Nur auf eigenen Geräten verwenden.');
  });

  it('shows the security check once the server asks for it, and sends its code with the next try', async () => {
    login.mockRejectedValueOnce(new AuthError(throttleMessages.challengeRequired, { captcha: throttleMessages.challengeRequired }, errorCodes.challengeRequired));
    const { onSuccess, submit } = renderForm();
    expect(screen.queryByText('Sicherheitsprüfung')).toBeNull();
    submit();
    await screen.findByText('Sicherheitsprüfung');
    expect(screen.getByRole('alert').textContent).toBe(throttleMessages.challengeRequired);
    expect(login).toHaveBeenLastCalledWith('erika@example.test', 'richtig-geheim-1', false, undefined);
    // Without a code the form cannot be sent.
    expect(screen.getByRole('button', { name: 'Anmelden' })).toHaveProperty('disabled', true);

    login.mockResolvedValueOnce();
    fireEvent.change(screen.getByLabelText('Sicherheitscode'), { target: { value: 'ab3' } });
    submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(login).toHaveBeenLastCalledWith('erika@example.test', 'richtig-geheim-1', false, 'ab3');
  });

  it('shows no security check for a plain wrong password', async () => {
    login.mockRejectedValueOnce(new AuthError(authMessages.invalidCredentials));
    const { submit } = renderForm();
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(authMessages.invalidCredentials));
    expect(screen.queryByText('Sicherheitsprüfung')).toBeNull();
  });
});
