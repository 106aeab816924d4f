import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/health.routes';
import authRoutes from './users/auth.routes';
import catalogRoutes from './catalog/catalog.routes';
import frontendLogsRoutes from './admin/frontend-logs.routes';
import commentsRoutes from './comments/comments.routes';
import commandsRoutes from './commands/commands.routes';
import usersRoutes from './users/users.routes';
import shopsRoutes from './shops/shops.routes';
import productRoutes from './products/products.routes';
import reactionRoutes from './reactions/reactions.routes';
import notificationsRoutes from './notifications/notifications.routes';
import searchRoutes from './search/search.routes';
import insightsRoutes from './insights/insights.routes';
import accountRecoveryRoutes from './users/account-recovery.routes';
import searchesRoutes from './searches/searches.routes';
import moderationRoutes from './moderation/moderation.routes';
import routingRoutes from './routing/routing.routes';
import seoRoutes from './seo/seo.routes';
import pwaRoutes from './pwa/pwa.routes';
import lifecycleRoutes from './products/lifecycle.routes';
import auditRoutes from './admin/audit.routes';
import ownDataRoutes from './users/own-data.routes';
import ratingsRoutes from './ratings/ratings.routes';
import priceHintsRoutes from './price-hints/price-hints.routes';

// Every feature's routes, registered by buildApp in this order. A new feature adds one line.
export const featureRoutes: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  catalogRoutes,
  frontendLogsRoutes,
  commentsRoutes,
  commandsRoutes,
  usersRoutes,
  shopsRoutes,
  productRoutes,
  reactionRoutes,
  notificationsRoutes,
  searchRoutes,
  insightsRoutes,
  accountRecoveryRoutes,
  searchesRoutes,
  moderationRoutes,
  routingRoutes,
  seoRoutes,
  pwaRoutes,
  lifecycleRoutes,
  auditRoutes,
  ownDataRoutes,
  ratingsRoutes,
  priceHintsRoutes,
];
