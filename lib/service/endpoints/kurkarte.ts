import { CardCheckRequest, type CardCheckResponse, type GetPdfResponse } from '../../wire/kurkarte';
import { FormIdsRequest } from '../../wire/meldeschein';
import { route } from '../context';
import { includes } from '../include';
import { printForms } from '../kurkarte/issue';
import { checkCard } from '../kurkarte/verify';
import { responseMeta } from './meldeschein';

/**
 * `POST import/meldeschein/get-pdf/` (spec 4.5): every call is one logged print. `?include=karten`
 * (extension) adds each card's data and signed id, for wallet passes.
 */
export const getPdf = route({
  method: 'POST',
  auth: true,
  body: FormIdsRequest,
  async handle(ctx, body): Promise<GetPdfResponse> {
    const withKarten = includes(ctx.url, 'karten');
    const response = await printForms(ctx.db, ctx.user!, body, ctx.now, withKarten);
    return { meta: responseMeta(ctx, body.meta), response };
  },
});

/**
 * `POST kurkarte/check/` (extension, docs/api.md): the public check behind the card's QR code, no
 * sign-in. The municipality, the stay and the number of persons, nothing else about the guests.
 */
export const checkKurkarte = route({
  method: 'POST',
  auth: false,
  body: CardCheckRequest,
  async handle(ctx, body): Promise<CardCheckResponse> {
    const card = await checkCard(ctx.db, body.card, ctx.now);
    return {
      status: card.status,
      gemeinde: card.gemeinde,
      arrival_date: card.arrivalDate,
      departure_date: card.departureDate,
      anzahl: card.anzahl,
    };
  },
});
