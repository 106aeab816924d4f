import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/health.routes';
import authRoutes from './users/auth.routes';
import productRoutes from './products/products.routes';
import reactionRoutes from './reactions/reactions.routes';

// Every feature's routes, registered by buildApp in this order. A new feature adds one line.
export const featureRoutes: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  productRoutes,
  reactionRoutes,
];
