import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createOutbox, SEND_TIMEOUT_MS } from './outbox';
import { resetCodeSms, resetLinkMail } from './texts';
import {
  mailText,
  startSmsReceiver,
  startSmtpReceiver,
  type SmsReceiver,
  type SmtpReceiver,
} from './test-receivers';

// Issue 21 item 1: SMS through an HTTP gateway, e-mail through SMTP, console in development,
// refused in production; against local receivers only.

let sms: SmsReceiver;
let smtp: SmtpReceiver;
beforeAll(async () => {
  sms = await startSmsReceiver();
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await sms.close();
  await smtp.close();
});

describe('outbox', () => {
  it('POSTs {to, text} with the bearer token to the SMS gateway, in international form', async () => {
    const outbox = createOutbox(
      loadConfig({ SMS_GATEWAY_URL: sms.url, SMS_GATEWAY_TOKEN: 'secret-token' }),
    );
    expect(outbox.sms.mode).toBe('configured');
    await outbox.sms.send('22334455', resetCodeSms('fr', '123456', 'souq.mr', 600_000));
    const message = await sms.next('+22222334455');
    expect(message.authorization).toBe('Bearer secret-token');
    expect(message.text).toContain('123456');
    expect(message.text).toContain('Valable 10 minutes');
    expect(message.text.endsWith('@souq.mr #123456')).toBe(true);
  });

  it('rejects when the gateway fails', async () => {
    const outbox = createOutbox(loadConfig({ SMS_GATEWAY_URL: sms.url, SMS_GATEWAY_TOKEN: 't' }));
    sms.status = 500;
    try {
      await expect(outbox.sms.send('22334455', 'x')).rejects.toThrow(/500/);
    } finally {
      sms.status = 200;
    }
  });

  it('sends e-mail through SMTP from MAIL_FROM, in the language asked', async () => {
    const outbox = createOutbox(
      loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Souq <no-reply@souq.mr>' }),
    );
    expect(outbox.mail.mode).toBe('configured');
    await outbox.mail.send(
      'amina@example.mr',
      resetLinkMail('ar', 'https://souq.mr/password/reset?token=abc', 600_000),
    );
    const mail = await smtp.next('amina@example.mr');
    expect(mail.from).toBe('no-reply@souq.mr');
    expect(mailText(mail.raw)).toContain('https://souq.mr/password/reset?token=abc');
    expect(mailText(mail.raw)).toContain('كلمة مرور جديدة');
  });

  it('prints messages in development without a gateway, and refuses in production', async () => {
    const printed: string[] = [];
    const dev = createOutbox(loadConfig({}), (line) => printed.push(line));
    expect(dev.sms.mode).toBe('console');
    expect(dev.mail.mode).toBe('console');
    await dev.sms.send('22334455', 'code 111222');
    expect(printed).toEqual(['[sms to +22222334455] code 111222']);

    const prod = createOutbox(loadConfig({ NODE_ENV: 'production' }), (line) => printed.push(line));
    expect(prod.sms.mode).toBe('unavailable');
    expect(prod.mail.mode).toBe('unavailable');
    await expect(prod.sms.send('22334455', 'x')).rejects.toThrow();
    expect(printed).toHaveLength(1);
  });

  it('gives up on a gateway slower than the timeout', async () => {
    expect(SEND_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    const config = loadConfig({ SMS_GATEWAY_URL: sms.url, SMS_GATEWAY_TOKEN: 't' });
    const outbox = createOutbox(config, () => {}, 100);
    sms.delayMs = 1000;
    const started = Date.now();
    try {
      await expect(outbox.sms.send('22334455', 'slow')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(800);
    } finally {
      sms.delayMs = 0;
    }
  });
});

describe('config', () => {
  it('validates the sending variables, naming them', () => {
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'ftp://x' })).toThrow(/SMS_GATEWAY_URL/);
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'https://sms.example' })).toThrow(
      /SMS_GATEWAY_TOKEN: required/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail', MAIL_FROM: 'not an address' })).toThrow(
      /MAIL_FROM/,
    );
    expect(loadConfig({ SMTP_URL: 'smtp://mail', PUBLIC_URL: 'https://souq.mr' }).smtp).toEqual({
      url: 'smtp://mail',
      from: 'Souq <no-reply@souq.mr>',
    });
  });
});
