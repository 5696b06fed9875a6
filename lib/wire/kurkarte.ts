// Response of `POST import/meldeschein/get-pdf/` (spec 4.5).
import { z } from 'zod';
import { ResponseMeta } from './meta';

export const GuestCardPdf = z.object({
  id: z.int(),
  encoding: z.literal('base64'),
  pdf: z.string(),
});
export type GuestCardPdf = z.infer<typeof GuestCardPdf>;

export const GetPdfResponse = z.object({ meta: ResponseMeta, response: z.array(GuestCardPdf) });
export type GetPdfResponse = z.infer<typeof GetPdfResponse>;

// `POST kurkarte/check/` (extension, docs/api.md): the public check behind the card's QR code.
export const CardCheckRequest = z.strictObject({ card: z.string().max(200) });
export type CardCheckRequest = z.infer<typeof CardCheckRequest>;

export const CARD_STATUSES = ['valid', 'expired', 'not_yet_valid', 'cancelled', 'invalid'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const CardCheckResponse = z.object({
  status: z.enum(CARD_STATUSES),
  gemeinde: z.string().optional(),
  arrival_date: z.string().optional(),
  departure_date: z.string().optional(),
  anzahl: z.int().optional(),
});
export type CardCheckResponse = z.infer<typeof CardCheckResponse>;
