// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, type DialogProps } from '../../../src/components/ui/Dialog.tsx';

/** A page with an opener button, as the login, cart and chat dialogs will be used. */
function Page(props: Partial<DialogProps> & { onConfirmSpy?: () => void; onCloseSpy?: () => void }) {
  const [open, setOpen] = useState(false);
  const { onConfirmSpy, onCloseSpy, ...rest } = props;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Dialog öffnen
      </button>
      <Dialog
        title="Angebot übernehmen"
        open={open}
        onClose={() => {
          onCloseSpy?.();
          setOpen(false);
        }}
        onConfirm={onConfirmSpy}
        {...rest}
      >
        <label>
          Name <input name="name" />
        </label>
      </Dialog>
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole('button', { name: 'Dialog öffnen' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Angebot übernehmen' }) };
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

afterEach(() => {
  cleanup();
});

describe('generic modal (SPEC §2)', () => {
  it('is a labelled modal dialog rendered in a portal, with OK and Abbrechen', () => {
    const { container } = render(<Page onConfirmSpy={() => {}} />);
    const { dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(container.contains(dialog)).toBe(false);
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
  });

  it('moves the focus into the dialog when it opens', () => {
    render(<Page onConfirmSpy={() => {}} />);
    openDialog();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    render(<Page onConfirmSpy={() => {}} />);
    openDialog();
    const input = screen.getByRole('textbox', { name: 'Name' });
    const ok = screen.getByRole('button', { name: 'OK' });
    ok.focus();
    tab();
    expect(document.activeElement).toBe(input);
    tab(true);
    expect(document.activeElement).toBe(ok);
  });

  it('makes the page behind inert while open', () => {
    render(<Page onConfirmSpy={() => {}} />);
    const { opener } = openDialog();
    expect(opener.closest('[inert]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(opener.closest('[inert]')).toBeNull();
  });

  it('closes with Escape and returns the focus to the opener', () => {
    const onCloseSpy = vi.fn();
    render(<Page onCloseSpy={onCloseSpy} onConfirmSpy={() => {}} />);
    const { opener } = openDialog();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onCloseSpy).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('returns the focus to the opener also when its content focuses a field on mount (login form)', () => {
    function FocusingField() {
      const field = useRef<HTMLInputElement>(null);
      useEffect(() => field.current?.focus(), []);
      return <input ref={field} aria-label="E-Mail" />;
    }
    function LoginPage() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Dialog öffnen
          </button>
          <Dialog title="Angebot übernehmen" open={open} onClose={() => setOpen(false)}>
            <FocusingField />
          </Dialog>
        </>
      );
    }
    render(<LoginPage />);
    const { opener } = openDialog();
    expect(document.activeElement).toBe(screen.getByLabelText('E-Mail'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.activeElement).toBe(opener);
  });

  it('OK confirms and Abbrechen cancels', () => {
    const onConfirmSpy = vi.fn();
    const onCloseSpy = vi.fn();
    render(<Page onConfirmSpy={onConfirmSpy} onCloseSpy={onCloseSpy} />);
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirmSpy).toHaveBeenCalledOnce();
    expect(onCloseSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onCloseSpy).toHaveBeenCalledOnce();
  });

  it('can hide Cancel, or take its own footer actions instead of OK and Cancel', () => {
    const { unmount } = render(<Page onConfirmSpy={() => {}} hideCancel />);
    openDialog();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Abbrechen' })).toBeNull();
    unmount();

    render(<Page footer={<button type="button">Zur Kasse</button>} />);
    openDialog();
    expect(screen.getByRole('button', { name: 'Zur Kasse' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Abbrechen' })).toBeNull();
  });

  it('with a close label, closes by the × beside the title and shows no buttons below', () => {
    const onCloseSpy = vi.fn();
    render(<Page onCloseSpy={onCloseSpy} onConfirmSpy={() => {}} closeLabel="Chat schließen" />);
    const { opener } = openDialog();
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Abbrechen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Chat schließen' }));
    expect(onCloseSpy).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(opener);
  });
});
