import Fastify from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

// Helmet's security headers (CSP and the rest). @fastify/helmet builds Helmet's middleware anew
// for every request, parsing the CSP each time (some 6 % of the CPU of a cached product read).
// Ours do not vary per request (no nonces), so Helmet works them out once, on a probe request to a
// bare server, and every reply gets them as they are.
const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), browsing-topics=()';

export default fp(async (app, options: FastifyHelmetOptions) => {
  const probe = Fastify({ logger: false });
  const bare = Fastify({ logger: false });
  await probe.register(helmet, options);
  for (const server of [probe, bare]) server.get('/', async () => '');
  const [withHelmet, without] = await Promise.all([probe.inject('/'), bare.inject('/')]);
  await Promise.all([probe.close(), bare.close()]);
  const headers = Object.fromEntries(
    Object.entries(withHelmet.headers).filter(([name]) => !(name in without.headers)),
  );
  // Helmet has no Permissions-Policy: the map asks for the visitor's position (search nearby, the
  // route to a shop); nothing uses the camera or microphone (photos come through file inputs,
  // which need no permission), nor payment or USB (issue 14 item 12).
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
