import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// Local stand-ins for an SMS gateway and an SMTP server (issue 21): tests never reach a real one.

export interface ReceivedSms {
  to: string;
  text: string;
  authorization: string | undefined;
}

export interface SmsReceiver {
  url: string;
  received: ReceivedSms[];
  /** Answer with this status from now on (500: a failing gateway). */
  status: number;
  /** Wait this long before answering (a slow gateway). */
  delayMs: number;
  /** The next message to `to` (waits for it, up to `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<ReceivedSms>;
  close(): Promise<void>;
}

async function waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`nothing received: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** `port` 0: any free port (API tests); the e2e suite names one the server is configured with. */
export async function startSmsReceiver(port = 0): Promise<SmsReceiver> {
  const received: ReceivedSms[] = [];
  const taken = new Set<ReceivedSms>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      setTimeout(() => {
        try {
          const json = JSON.parse(body) as { to: string; text: string };
          if (receiver.status < 300)
            received.push({ ...json, authorization: request.headers.authorization });
        } catch {
          response.statusCode = 400;
        }
        response.statusCode = response.statusCode === 400 ? 400 : receiver.status;
        response.end('{}');
      }, receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;
  const receiver: SmsReceiver = {
    url: `http://127.0.0.1:${listening}/send`,
    received,
    status: 200,
    delayMs: 0,
    next(to, timeoutMs = 5000) {
      return waitFor(
        () => {
          const message = received.find((m) => m.to === to && !taken.has(m));
          if (message) taken.add(message);
          return message;
        },
        timeoutMs,
        `SMS to ${to}`,
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpReceiver {
  url: string;
  received: ReceivedMail[];
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next(to, timeoutMs = 5000) {
      return waitFor(
        () => {
          const mail = received.find((m) => m.to.includes(to) && !taken.has(m));
          if (mail) taken.add(mail);
          return mail;
        },
        timeoutMs,
        `mail to ${to}`,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text part of a received mail, quoted-printable and base64 undone (what nodemailer sends). */
export function mailText(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding: base64/i.test(raw))
    return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding: quoted-printable/i.test(raw)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
