// Query keys of the products feature's api/ folder (a product's own entry is
// components/product-query.ts's `productQueryKey`).
export const productKeys = {
  all: ['product'] as const,
  /** GET /products/{id}/phone: asked once per offer and page visit (each ask is a counted reveal). */
  phone: (id: number) => ['product', id, 'phone'] as const,
};
