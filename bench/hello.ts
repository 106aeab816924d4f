import Fastify from 'fastify';

// The yardstick: a bare Fastify hello-world route on this machine, measured in the same run.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.({ address });
