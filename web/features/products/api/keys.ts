// The products feature's query keys (docs/web.md, "Data layer"). The values are the ones the
// cache has always used: ['product', id] for one product, ['products', 'similar', id] for its
// similar offers.

export const productKeys = {
  /** One product (GET /products/product/{id}): the page, the details modal, patched by actions. */
  detail: (id: number) => ['product', id] as const,
  /** Its similar offers (GET /products/similar/{id}). */
  similar: (id: number) => ['products', 'similar', id] as const,
};
