// Response of `POST import/meldeschein/get-pdf/` (spec 4.5).
import { z } from 'zod';
import { ResponseMeta } from './meta';

/**
 * Extension (docs/api.md), on `get-pdf/?include=karten` only: what each card of the PDF shows, as
 * data, so a client can build a wallet pass with the same signed QR content as the printed card.
 */
export const KarteInfo = z.object({
  person_id: z.int(),
  /** `<meldescheinnummer>-<position>`, as printed. */
  kartennummer: z.string(),
  /** The signed card id the QR code carries (`/kurkarte/<karten_id>`). */
  karten_id: z.string(),
  /** The QR code's full content. */
  qr: z.string(),
  /** Null for a group guest (no individual data is kept). */
  gast_name: z.string().nullable(),
  anzahl: z.int(),
  tarif: z.string(),
  gueltig_von: z.string(),
  gueltig_bis: z.string(),
  gemeinde: z.string(),
  objekt: z.string(),
  beherberger: z.string(),
});
export type KarteInfo = z.infer<typeof KarteInfo>;

export const GuestCardPdf = z.object({
  id: z.int(),
  encoding: z.literal('base64'),
  pdf: z.string(),
  karten: z.array(KarteInfo).optional(),
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
