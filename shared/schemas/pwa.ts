import { z } from './common';
import { LANGUAGES } from '../constants';

// GET /manifest.webmanifest (DESIGN §11 "Offline and install"): the web manifest, in the
// visitor's language.

const icon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']),
});

export const webManifestResponse = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.enum(LANGUAGES),
  dir: z.enum(['rtl', 'ltr']),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  orientation: z.literal('portrait'),
  theme_color: z.string(),
  background_color: z.string(),
  categories: z.array(z.string()),
  icons: z.array(icon),
});
export type WebManifest = z.infer<typeof webManifestResponse>;
