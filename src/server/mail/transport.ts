import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { addressOnly } from './address.ts';
import type { ComposedMail } from './message.ts';

/** Delivers a composed message: by SMTP, into a folder of .eml files, or both. */
export interface MailTransport {
  deliver(mail: ComposedMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  /** smtp://user:pass@host:port or smtps://...; without it nothing leaves the machine. */
  smtpUrl?: string | undefined;
  /** Folder for an .eml copy of every message (local runs), so a person can open it. */
  emlDir?: string | undefined;
}

function emlFileName(mail: ComposedMail): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const id = mail.messageId.replace(/[^A-Za-z0-9@._-]/g, '');
  return `${stamp}_${id}.eml`;
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  const { smtpUrl, emlDir } = options;
  if (!smtpUrl && !emlDir) {
    throw new Error('Kein Mailversand eingerichtet: SMTP_URL fehlt.');
  }
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async deliver(mail) {
      if (emlDir) {
        await mkdir(emlDir, { recursive: true });
        await writeFile(join(emlDir, emlFileName(mail)), mail.raw);
      }
      if (smtp) {
        await smtp.sendMail({
          envelope: { from: addressOnly(mail.from), to: [addressOnly(mail.to)] },
          raw: mail.raw,
        });
      }
    },
    close() {
      smtp?.close();
    },
  };
}
