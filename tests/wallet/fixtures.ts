// A guest card's data as the service's get-pdf/?include=karten gives it.
import type { KarteInfo } from '@/lib/wire/kurkarte';

export const karte: KarteInfo = {
  person_id: 41,
  kartennummer: '2026-000017-1',
  karten_id: 'h.15.q0Yx3cZk1m2mFj7s2n8XbA',
  qr: 'https://meldeportal.example.de/kurkarte/h.15.q0Yx3cZk1m2mFj7s2n8XbA',
  gast_name: 'Łukasz Żółć',
  anzahl: 1,
  tarif: 'Erwachsene',
  gueltig_von: '2026-07-14',
  gueltig_bis: '2026-07-17',
  gemeinde: 'Seeblick',
  objekt: 'Ferienwohnung Möwe',
  beherberger: 'Anna Möller',
};
