import 'server-only';
// The landlord's view of check-in links: the snapshot a link carries, its guest URL and QR code.
import QRCode from 'qrcode';
import type { CheckinSnapshot } from './snapshot';
import { publicBaseUrl } from '@/lib/env';
import type { CurrentUserResponse } from '@/lib/wire/config';
import { formConfigOf, gemeindeById, objectsOf } from '../config/view';
import type { LinkRow } from './links';
import { linkToken } from './token';

/**
 * What the guest's page needs, copied from the landlord's configuration now: the guest never
 * reaches the service, and the landlord's token is never stored. Null for an object that is not
 * the landlord's.
 */
export function snapshotOf(config: CurrentUserResponse, objektId: number): CheckinSnapshot | null {
  const objekt = objectsOf(config).find((o) => o.id === objektId);
  const gemeinde = objekt ? gemeindeById(config, objekt.gemeindeId) : undefined;
  if (!objekt || !gemeinde) return null;
  return {
    objekt: { id: objekt.id, alias: objekt.alias, address: objekt.address, beds: objekt.beds },
    gemeinde: formConfigOf(gemeinde),
  };
}

export function guestUrl(link: Pick<LinkRow, 'kind' | 'publicId' | 'departureDate'>): string {
  const token = linkToken({
    kind: link.kind,
    publicId: link.publicId,
    ...(link.kind === 'stay' && link.departureDate ? { until: link.departureDate } : {}),
  });
  return new URL(`/checkin/${token}`, publicBaseUrl()).toString();
}

/** The link as an SVG QR code in a data URI (an <img> with alt text; no script, no request). */
export async function qrDataUri(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
