import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { internationalPhone } from '../../shared/domain/phone';
import type { Mail } from './texts';

// Sending SMS and e-mail (issue 21, docs/accounts.md). SMS go to an HTTP gateway (POST JSON
// `{"to": "+222…", "text": "…"}` with `Authorization: Bearer <token>`), e-mail to an SMTP server
// through nodemailer. Without one configured, development prints the message on the console
// ('console' mode) and production has the channel `unavailable`: the routes answer 503.
// Every send is bounded in time (SEND_TIMEOUT_MS) so that a slow gateway never holds a request
// or a shutdown for long.

export const SEND_TIMEOUT_MS = 10_000;

export type ChannelMode = 'configured' | 'console' | 'unavailable';

export interface Channel<M> {
  mode: ChannelMode;
  /** Rejects when the gateway or SMTP server refuses, fails or takes longer than the timeout. */
  send(to: string, message: M): Promise<void>;
}

export interface Outbox {
  sms: Channel<string>;
  mail: Channel<Mail>;
}

type Print = (line: string) => void;

export function smsChannel(
  config: Config,
  print: Print,
  timeoutMs = SEND_TIMEOUT_MS,
): Channel<string> {
  const gateway = config.smsGateway;
  if (!gateway) {
    return {
      mode: config.production ? 'unavailable' : 'console',
      async send(to, text) {
        if (config.production) throw new Error('no SMS gateway configured');
        print(`[sms to ${internationalPhone(to)}] ${text}`);
      },
    };
  }
  return {
    mode: 'configured',
    async send(to, text) {
      const response = await fetch(gateway.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${gateway.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ to: internationalPhone(to), text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The body is read (and dropped) so that the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

export function mailChannel(config: Config, print: Print): Channel<Mail> {
  const smtp = config.smtp;
  if (!smtp) {
    return {
      mode: config.production ? 'unavailable' : 'console',
      async send(to, mail) {
        if (config.production) throw new Error('no SMTP server configured');
        print(`[mail to ${to}] ${mail.subject}\n${mail.text}`);
      },
    };
  }
  const server = new URL(smtp.url);
  const transport = nodemailer.createTransport({
    host: server.hostname,
    port: server.port ? Number(server.port) : server.protocol === 'smtps:' ? 465 : 587,
    secure: server.protocol === 'smtps:',
    auth: server.username
      ? {
          user: decodeURIComponent(server.username),
          pass: decodeURIComponent(server.password),
        }
      : undefined,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    mode: 'configured',
    async send(to, mail) {
      await transport.sendMail({ from: smtp.from, to, subject: mail.subject, text: mail.text });
    },
  };
}

export function createOutbox(
  config: Config,
  print: Print = (line) => console.info(line),
  timeoutMs = SEND_TIMEOUT_MS,
): Outbox {
  return { sms: smsChannel(config, print, timeoutMs), mail: mailChannel(config, print) };
}
