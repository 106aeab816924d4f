import { z } from './common';
import { LANGUAGES } from '../constants';

// GET /healthz and GET /localisation/{lang} (DESIGN §4).

export const healthResponse = z.object({ status: z.literal('ok') });
export const languageParams = z.object({ lang: z.enum(LANGUAGES) });
/** The JSON answer of the language link (browsers are sent back where they were instead). */
export const languageResponse = z.object({ language: z.enum(LANGUAGES) });
