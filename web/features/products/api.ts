import type { Product, ProductType } from '../../../shared/schemas/products';
import { http } from '../../lib/http';

// The create/edit calls (DESIGN §4); the catalogue the form picks from is web/lib/catalog.ts.

type Progress = (fraction: number) => void;

export const createProduct = (type: ProductType, form: FormData, onUploadProgress: Progress) =>
  http
    .post<{ product: Product }>(`/products/create/${type}`, form, { onUploadProgress })
    .then((b) => b.product);

export const updateProduct = (id: number, form: FormData, onUploadProgress: Progress) =>
  http
    .put<{ product: Product }>(`/products/${id}`, form, { onUploadProgress })
    .then((b) => b.product);
