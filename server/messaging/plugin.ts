import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { createOutbox, type Outbox } from './outbox';
import type { Mail } from './texts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
    /**
     * Sends in the background: the request does not wait for the gateway (the answer and its
     * timing are the same whether a message went or not). Failures are logged; close() waits for
     * sends still running.
     */
    dispatch(channel: 'sms', to: string, message: string): void;
    dispatch(channel: 'mail', to: string, message: Mail): void;
    /** Runs `task` after the answer: failures are logged, close() waits for it. */
    background(task: () => Promise<void>): void;
    /** 503 `sms_unavailable` / `mail_unavailable` when the channel cannot send (production without it). */
    assertCanSend(channel: 'sms' | 'mail'): void;
  }
}

export default fp(async (app) => {
  const outbox = createOutbox(app.config);
  app.decorate('outbox', outbox);
  for (const [name, channel, variable] of [
    ['SMS', outbox.sms, 'SMS_GATEWAY_URL'],
    ['E-mail', outbox.mail, 'SMTP_URL'],
  ] as const) {
    if (channel.mode === 'console')
      app.log.warn(`${name} are printed on this console, not sent: set ${variable} to send them`);
    if (channel.mode === 'unavailable')
      app.log.error(
        `${name} cannot be sent: set ${variable} (password reset and phone checks refuse)`,
      );
  }

  const pending = new Set<Promise<void>>();
  const background = (task: () => Promise<void>, what: Record<string, string>) => {
    const running: Promise<void> = Promise.resolve()
      .then(task)
      .catch((error: unknown) => app.log.error({ err: error, ...what }, 'background task failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
  app.decorate('background', (task: () => Promise<void>) => background(task, {}));
  app.decorate('dispatch', (channel: 'sms' | 'mail', to: string, message: string | Mail) =>
    background(
      () =>
        channel === 'sms'
          ? outbox.sms.send(to, message as string)
          : outbox.mail.send(to, message as Mail),
      { channel, message: 'not sent' },
    ),
  );
  app.decorate('assertCanSend', (channel: 'sms' | 'mail') => {
    if (outbox[channel].mode === 'unavailable')
      throw new HttpError(503, { global: [`${channel}_unavailable`] });
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
});
