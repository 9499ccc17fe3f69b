import { SMTPServer } from 'smtp-server';

/** An SMTP server on 127.0.0.1 that notes the recipients of every message it accepts. */
export interface SmtpSink {
  url: string;
  recipients: string[];
  close(): Promise<void>;
}

export async function startSmtpSink(port: number): Promise<SmtpSink> {
  const recipients: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        recipients.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    recipients,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
