import type { FastifyPluginAsync } from 'fastify';
import pcategoriesRoutes from './pcategories.routes';
import psubcategoriesRoutes from './psubcategories.routes';
import pfieldsRoutes from './pfields.routes';

// The catalogue's three levels (SPEC §7: Categories, Subcategories, Fields).
const catalogRoutes: FastifyPluginAsync = async (app) => {
  await app.register(pcategoriesRoutes);
  await app.register(psubcategoriesRoutes);
  await app.register(pfieldsRoutes);
};

export default catalogRoutes;
