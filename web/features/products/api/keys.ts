// The products feature's query keys (docs/web.md, "Data layer"). The values are the ones the
// cache has always used: ['product', id] for one product, ['products', 'similar', id] for its
// similar offers.

export const productKeys = {
  all: ['product'] as const,
  /** One product (GET /products/product/{id}): the page, the details modal, patched by actions. */
  detail: (id: number) => ['product', id] as const,
  /** Its similar offers (GET /products/similar/{id}). */
  similar: (id: number) => ['products', 'similar', id] as const,
  /**
   * GET /products/{id}/phone: asked once per offer and page visit (each ask is a counted reveal),
   * under its own prefix so that refreshing the product never asks again.
   */
  phone: (id: number) => ['product-phone', id] as const,
};
