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
