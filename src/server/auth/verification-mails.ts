import { site } from '../../config/site.ts';
import { letterText } from '../mail/letter.ts';

/** The texts of the confirmation link and of the notice to an address's owner (issue 19, decision 0029). */

export interface Letter {
  subject: string;
  text: string;
}

/** Sent after a registration and on request from the settings: the link confirms the address. */
export function confirmationMail(displayName: string, link: string, origin: string): Letter {
  return {
    subject: `Bitte bestätigen Sie Ihre E-Mail-Adresse – ${site.name}`,
    text: letterText(displayName, [
      `Sie haben bei ${site.name} ein Kundenkonto mit dieser E-Mail-Adresse angelegt. Bitte bestätigen Sie Ihre Adresse über diesen Link:`,
      '',
      link,
      '',
      'Der Link ist 48 Stunden gültig und kann einmal verwendet werden. Anmelden können Sie sich schon jetzt. Erst nach der Bestätigung sehen Sie in Ihrem Konto auch Bestellungen und Verträge, die ohne Anmeldung unter dieser Adresse aufgegeben wurden, und Ihre Kündigungen aus dem Konto gelten als von Ihnen bestätigt.',
      '',
      `Ist der Link abgelaufen, fordern Sie nach der Anmeldung in den Einstellungen (${origin}/settings) einen neuen an.`,
      '',
      'Falls Sie kein Konto angelegt haben, ignorieren Sie diese E-Mail einfach: Ohne Bestätigung erhält das Konto keinen Zugriff auf Bestellungen und Verträge unter Ihrer Adresse.',
    ]),
  };
}

export interface AddressOwner {
  displayName: string;
  verified: boolean;
  hasPassword: boolean;
}

/**
 * Someone registered an address that has an account already. The registrant is answered as if
 * the registration had worked; the owner learns of it here, with the way back into the account.
 */
export function ownerNoticeMail(owner: AddressOwner, origin: string): Letter {
  const signIn = owner.hasPassword
    ? 'Dann melden Sie sich einfach mit Ihrer E-Mail-Adresse und Ihrem Passwort an.'
    : 'Dann melden Sie sich einfach mit Google an, so wie Sie Ihr Konto angelegt haben.';
  return {
    subject: `Registrierung mit Ihrer E-Mail-Adresse – ${site.name}`,
    text: letterText(owner.displayName, [
      'wir möchten Sie informieren: Jemand hat versucht, mit Ihrer Adresse ein Konto anzulegen. Für diese Adresse gibt es bei uns bereits ein Kundenkonto. Deshalb haben wir kein weiteres angelegt und an Ihrem Konto nichts geändert.',
      '',
      `Waren Sie das? ${signIn} Wenn Sie Ihr Passwort vergessen haben oder eines festlegen möchten, erhalten Sie über „Passwort vergessen?“ im Anmeldedialog oder auf dieser Seite einen Link dafür:`,
      '',
      `${origin}/reset-password`,
      '',
      ...(owner.verified
        ? []
        : [
            'Ihre E-Mail-Adresse ist für dieses Konto noch nicht bestätigt. Haben Sie das Konto nicht selbst angelegt, legen Sie über den Link oben ein neues Passwort fest: Damit gehört das Konto Ihnen, Ihre Adresse gilt als bestätigt und alle bisherigen Anmeldungen enden.',
            '',
          ]),
      'Waren Sie es nicht, müssen Sie nichts weiter tun.',
    ]),
  };
}
