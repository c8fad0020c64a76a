// A real SMTP server for the e2e run (smtp-server package): the app delivers mail to it through
// nodemailer, and tests read what arrived over a small JSON endpoint: GET /mails?to=<address>.
import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

function decodeBody(raw: string): { subject: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
  let text = rest.join('\n\n');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(raw)) {
    text = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { subject, text };
}

export async function startMailCatcher(smtpPort: number, httpPort: number): Promise<{ close(): Promise<void> }> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text } = decodeBody(Buffer.concat(chunks).toString('utf8'));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, text, receivedAt: new Date().toISOString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? mails.filter((m) => m.to.includes(to)) : mails;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));

  return {
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
