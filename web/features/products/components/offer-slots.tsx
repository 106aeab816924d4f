import { createContext, useContext, type ReactNode } from 'react';
import type { Product } from '../../../../shared/schemas/products';

/**
 * Parts of the full offer view that other features build: the comments and commands tabs'
 * bodies (conversations) and the shop's map (shops). Features do not import each other, so the
 * app supplies them once, around every page (web/app), and the view — on the product page and in
 * the details modal alike — asks for them here. A part nobody supplies falls back to the view's
 * own (a count of comments or commands; no map). See docs/products-ui.md.
 */
export interface OfferSlots {
  comments?: (product: Product) => ReactNode;
  commands?: (product: Product) => ReactNode;
  /** Only asked for professional shops with coordinates (SPEC §2). */
  shopMap?: (product: Product) => ReactNode;
}

const OfferSlotsContext = createContext<OfferSlots>({});

export function OfferSlotsProvider({
  value,
  children,
}: {
  value: OfferSlots;
  children: ReactNode;
}) {
  return <OfferSlotsContext.Provider value={value}>{children}</OfferSlotsContext.Provider>;
}

export const useOfferSlots = () => useContext(OfferSlotsContext);
